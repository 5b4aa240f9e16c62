// The members area's plain values (no TypeBox: browser code runs them, the contract index carries them). The
// calls' schemas and types are `contract/members.ts`, which re-exports these.
import type { Gender, Sexuality } from './profile';

/** The genders a member with this gender and sexuality is looking for (hetero: the other, bi: both). */
export function seekingOf(gender: Gender, sexuality: Sexuality): readonly Gender[] {
  const other: Gender = gender === 'male' ? 'female' : 'male';
  switch (sexuality) {
    case 'hetero':
      return [other];
    case 'gay':
    case 'lesbian':
      return [gender];
    default:
      return ['male', 'female'];
  }
}

/** The gender a site of this niche shows (docs/product/sites-and-landers.md: she, bbw, gilf, milf women; gay men). */
export function nicheGender(niche: number): Gender | undefined {
  if (niche === 7) return 'male';
  return [2, 4, 5, 6].includes(niche) ? 'female' : undefined;
}

/**
 * Where a member's search starts (docs/product/member-model.md, Search): the gender the site's niche shows, else the
 * one the member is looking for (none for bi), and `mutual`: only members whose own orientation looks for the
 * member's gender, so gender and orientation agree both ways; `near`: the nearest first. The member may widen it
 * (gender "any", mutual off).
 */
export function searchDefaults(
  profile: { gender: Gender; sexuality: Sexuality },
  niche: number,
): { gender?: Gender; mutual: true; near: true } {
  const seeking = seekingOf(profile.gender, profile.sexuality);
  const gender = nicheGender(niche) ?? (seeking.length === 1 ? seeking[0] : undefined);
  return gender ? { gender, mutual: true, near: true } : { mutual: true, near: true };
}
