// The settings area's plain values (no TypeBox: browser code runs them, the contract index carries them). The
// calls' schemas and types are `contract/settings.ts`, which re-exports these.

export const NICHE_VARIANTS = ['general', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
export type NicheVariant = (typeof NICHE_VARIANTS)[number];

/**
 * The profile rows a site shows when its settings name none (`visible_profile_fields`), in this order: the server
 * sends it as the default and the profile page falls back to it (docs/product/sites-and-landers.md).
 */
export const DEFAULT_VISIBLE_PROFILE_FIELDS: readonly string[] = [
  'age',
  'gender',
  'sexuality',
  'country',
  'region',
  'city',
  'reason',
  'relationship_status',
  'body_type',
  'hair_color',
  'eye_color',
  'tattoos',
  'interests',
];
