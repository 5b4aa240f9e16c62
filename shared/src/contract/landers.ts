import type { Settings } from './settings';
import { isLocale, type Locale } from './values/common';
import { NICHE_VARIANTS, type NicheVariant } from './values/settings';

/**
 * The landing pages of docs/product/routes-and-layouts.md, shared by the shell (routes), mf-landers (which page to draw) and the server
 * (which paths exist: an unknown variant, slug or member id is an HTTP 404, and which variant a visit counts for).
 */

/** `/landers/{variant}/{slug?}` (docs/product/routes-and-layouts.md). */
export const LANDER_VARIANTS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type LanderVariant = (typeof LANDER_VARIANTS)[number];

/** The profile-based entries `/members/{id}/…` (docs/product/routes-and-layouts.md). */
export const PROFILE_LANDERS = ['landing', 'landing2', 'landing3', 'signup'] as const;
export type ProfileLander = (typeof PROFILE_LANDERS)[number];

/** Every lander page a visit can be counted for (experiment reports, signup sources). */
export type LanderPageKey = 'home' | 'tinderswipe' | 'token' | LanderVariant | ProfileLander;

/** The English locale's slug token is `eng` (docs/product/README.md); the others use their locale code. */
export const ENGLISH_SLUG_TOKEN = 'eng';

export interface LanderSlug {
  niche: NicheVariant;
  locale: Locale;
}

/** `general` + `nl` → `general-nl`; `she` + `en` → `she-eng` (docs/product/README.md). */
export function landerSlug(niche: NicheVariant | number, locale: Locale): string {
  const name = typeof niche === 'number' ? (NICHE_VARIANTS[niche - 1] ?? 'general') : niche;
  return `${name}-${locale === 'en' ? ENGLISH_SLUG_TOKEN : locale}`;
}

/** The niche and locale a slug stands for, or null when it is no slug. `en` itself is not a slug token. */
export function parseLanderSlug(slug: string): LanderSlug | null {
  const match = /^([a-z]+)-([a-z]{2,3})$/.exec(slug);
  if (!match) return null;
  const niche = match[1] as NicheVariant;
  const token = match[2]!;
  const locale = token === ENGLISH_SLUG_TOKEN ? 'en' : token;
  if (!(NICHE_VARIANTS as readonly string[]).includes(niche) || token === 'en' || !isLocale(locale))
    return null;
  return { niche, locale };
}

export type LanderMatch =
  | { page: 'home' | 'tinderswipe'; slug: null }
  | { page: 'token' | LanderVariant; slug: LanderSlug | null }
  | { page: ProfileLander; slug: LanderSlug | null; memberId: number };

export type LanderPathResult = LanderMatch | 'not-found' | null;

const MEMBER_ID = /^[1-9]\d{0,9}$/;

/**
 * Which lander a path shows on a site of `settings.niche`:
 * - a `LanderMatch` for a lander page (a profile entry still needs its member to exist: the caller checks);
 * - `'not-found'` for a path in the landers' space that does not resolve (unknown variant, a slug of another
 *   niche or an unknown locale, a malformed member id, extra segments);
 * - `null` for a path that is not the landers' business (`/members`, `/login`, a single segment that is no slug).
 */
export function matchLanderPath(pathname: string, settings: Pick<Settings, 'niche'>): LanderPathResult {
  const segments = pathname.split(/[?#]/)[0]!.split('/').filter(Boolean).map(safeDecode);
  const siteNiche = NICHE_VARIANTS[settings.niche - 1] ?? 'general';
  // A slug of another niche would show this site's texts under a wrong address: not a page of this site.
  const slugOf = (value: string | undefined): LanderSlug | null | 'bad' => {
    if (value === undefined) return null;
    const slug = parseLanderSlug(value);
    return slug && slug.niche === siteNiche ? slug : 'bad';
  };

  if (segments.length === 0) return { page: 'home', slug: null };
  const [first, second, third, fourth] = segments;
  if (first === 'landers') {
    if (second === 'tinderswipe')
      return segments.length === 2 ? { page: 'tinderswipe', slug: null } : 'not-found';
    if (!second || !(LANDER_VARIANTS as readonly string[]).includes(second) || segments.length > 3)
      return 'not-found';
    const slug = slugOf(third);
    return slug === 'bad' ? 'not-found' : { page: second as LanderVariant, slug };
  }
  if (first === 'members' && third && (PROFILE_LANDERS as readonly string[]).includes(third)) {
    const page = third as ProfileLander;
    const slugAllowed = page === 'landing2' || page === 'landing3';
    if (!MEMBER_ID.test(second ?? '') || segments.length > (slugAllowed ? 4 : 3)) return 'not-found';
    const slug = slugOf(fourth);
    return slug === 'bad' ? 'not-found' : { page, slug, memberId: Number(second) };
  }
  if (segments.length === 1) {
    const slug = parseLanderSlug(first!);
    if (!slug) return null;
    return slug.niche === siteNiche ? { page: 'token', slug } : 'not-found';
  }
  return null;
}

/** True when the path is a lander page of this site (a profile entry's member is not checked here). */
export function isLanderPath(pathname: string, settings: Pick<Settings, 'niche'>): boolean {
  const result = matchLanderPath(pathname, settings);
  return result !== null && result !== 'not-found';
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
