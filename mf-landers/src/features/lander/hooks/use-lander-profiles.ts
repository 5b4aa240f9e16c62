import {
  useGetLanderMembersQuery,
  useGetMembersQuery,
  type MembersQuery,
  type NicheVariant,
  type Profile,
  type ProfileImage,
} from '@dating/shared';
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

/** What a lander tile shows of a member: a search result or a lander preview (`lander-members.php`). */
export type PreviewProfile = Pick<
  Profile,
  'id' | 'name' | 'age' | 'gender' | 'country' | 'region' | 'city'
> & {
  main_image: ProfileImage | null;
};

/** Only profiles with an approved photo make a lander: a grey silhouette sells nothing. */
export function withPhoto(profile: PreviewProfile): boolean {
  return profile.main_image?.status === 'active';
}

/**
 * Members for a lander: the site niche's selection. Where the visitor may search (docs/product/member-model.md),
 * from members.php; otherwise (she.localhost, gay.localhost) the lander previews of `lander-members.php`, which
 * answer visitors everywhere with the site's audience and approved photos only, so a visitor never triggers a 403
 * logout and still sees real members. `ready` turns true when there is nothing to wait for.
 */
export function useLanderProfiles(count: number) {
  const { mayBrowse, known, variant, source, settings, memberSearch, user } = useSite();
  // Members of the visitor's country (the server falls back to similar results when there are too few).
  const country = settings?.geoip_selected_country ?? undefined;
  const search = useGetMembersQuery(
    {
      numResults: Math.max(count, 12),
      ...NICHE_MEMBERS[variant],
      ...memberSearch,
      ...(country ? { country } : {}),
      ...source,
    },
    { skip: !mayBrowse || (Boolean(user) && !settings) },
  );
  const previews = useGetLanderMembersQuery(
    { numResults: Math.max(count, 12), ...(country ? { country } : {}) },
    { skip: mayBrowse || !settings },
  );
  const all: PreviewProfile[] = mayBrowse
    ? search.data
      ? search.data.profiles
      : []
    : (previews.data?.profiles ?? []);
  const profiles = [...all.filter(withPhoto), ...all.filter((profile) => !withPhoto(profile))].slice(
    0,
    count,
  );
  return { profiles, ready: known && !(mayBrowse ? search.isLoading : previews.isLoading) };
}
