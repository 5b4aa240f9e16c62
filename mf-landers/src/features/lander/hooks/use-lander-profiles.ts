import { useGetMembersQuery, type MembersQuery, type NicheVariant, type Profile } from '@dating/shared';
import { useSite } from '../../../lib/site';

/** Which members a niche shows (docs/product/README.md: the niche chooses texts, imagery and members). */
export const NICHE_MEMBERS: Record<NicheVariant, MembersQuery> = {
  general: {},
  she: { gender: 'female' },
  bdsm: {},
  bbw: { gender: 'female' },
  gilf: { gender: 'female', min_age: 55 },
  milf: { gender: 'female', min_age: 35, max_age: 55 },
  gay: { gender: 'male' },
};

/** Only profiles with an approved photo make a lander: a grey silhouette sells nothing. */
export function withPhoto(profile: Profile): boolean {
  return profile.main_image?.status === 'active';
}

/**
 * Members for a lander: the site niche's selection, real ones only where the visitor may see them (docs/product/member-model.md: no
 * request otherwise, so a visitor never triggers a 403 logout). `ready` turns true when there is nothing to wait for.
 */
export function useLanderProfiles(count: number) {
  const { mayBrowse, known, variant, source, settings } = useSite();
  // Members of the visitor's country (the server falls back to similar results when there are too few).
  const country = settings?.geoip_selected_country ?? undefined;
  const { data, isLoading } = useGetMembersQuery(
    {
      numResults: Math.max(count, 12),
      ...NICHE_MEMBERS[variant],
      ...(country ? { country } : {}),
      ...source,
    },
    { skip: !mayBrowse },
  );
  const all = data ? data.profiles : [];
  const profiles = [...all.filter(withPhoto), ...all.filter((profile) => !withPhoto(profile))].slice(
    0,
    count,
  );
  return { profiles, ready: known && !isLoading };
}
