// The shapes are the TypeBox schemas of `schemas/settings.ts` (the api's source); here their types, imported as
// types only so that no browser bundle gains the schema builder.
import type * as S from './schemas/settings';

export type SignupsSetting = S.Settings['signups'];
export type LoggedOutSearch = S.Settings['logged_out_search'];
/** 1..7 → general, she, bdsm, bbw, gilf, milf, gay (docs/product/README.md). */
export type Niche = S.Settings['niche'];
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

export type MinimumMessageCosts = S.MinimumMessageCosts;

/** `GET /api/settings.php` (docs/product/sites-and-landers.md). */
export type Settings = S.Settings;

/** `GET /api/companyinfo.php` */
export type CompanyInfo = S.CompanyInfo;

export type Region = S.Region;
/** `GET /api/regions.php` */
export type RegionsResponse = S.RegionsResponse;
/** `GET /api/towns.php?country=&region=` */
export type TownsResponse = S.TownsResponse;
/** `GET /api/interests.php` */
export type InterestsResponse = S.InterestsResponse;
/** `GET /api/geocode.php?lat=&lon=` */
export type GeocodeResponse = S.GeocodeResponse;
