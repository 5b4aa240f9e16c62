import type { Niche } from '@dating/shared/contract/index';

/**
 * What each niche of docs/product/README.md, docs/product/sites-and-landers.md lets in from other sites (aliases `p` = profiles, `u` = users):
 * 1 general: everyone · 2 she: women · 3 bdsm: members into bondage or sadomasochism (interests) ·
 * 4 bbw: women with body type fat · 5 gilf: women of 60 and over · 6 milf: women of 35 and over ·
 * 7 gay: men who are gay or bi (men seeking men).
 */
export const NICHE_FILTERS: Record<Niche, string> = {
  1: 'TRUE',
  2: `p.gender = 'female'`,
  3: `(p.interests @> '["bondage"]'::jsonb OR p.interests @> '["sadomasochism"]'::jsonb)`,
  4: `p.gender = 'female' AND p.body_type = 'fat'`,
  5: `p.gender = 'female' AND p.date_of_birth <= current_date - interval '60 years'`,
  6: `p.gender = 'female' AND p.date_of_birth <= current_date - interval '35 years'`,
  7: `p.gender = 'male' AND p.sexuality IN ('gay', 'bi')`,
};

/**
 * The one rule of which members a site shows (search, member.php, landers, likes, chats): its own members, and
 * members of another site only when that site lets its members be shown elsewhere (its setting `member_resell`)
 * and they fit this site's niche. A plain SQL condition on `u` (users) and `p` (profiles), with the site's id
 * and niche inlined as integers, so it serves both raw prepared statements and Drizzle (`sql.raw`).
 */
export function visibleOnSite(site: { id: number; niche: number }): string {
  if (!Number.isInteger(site.id)) throw new Error(`bad site id ${site.id}`);
  const niche = NICHE_FILTERS[site.niche as Niche] ?? 'TRUE';
  return `(u.site_id = ${site.id} OR (u.site_id IN (SELECT rs.id FROM sites rs WHERE rs.settings->>'member_resell' = 'true') AND ${niche}))`;
}
