import type { Locale } from './common';

export type SignupsSetting = 'all' | 'with_trafficsource' | 'none';
export type LoggedOutSearch = 'none' | 'other';
/** 1..7 → general, she, bdsm, bbw, gilf, milf, gay (docs/product/README.md). */
export type Niche = 1 | 2 | 3 | 4 | 5 | 6 | 7;
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

export interface MinimumMessageCosts {
  costs: number;
  currency: string;
}

/** `GET /api/settings.php` (docs/product/sites-and-landers.md). */
export interface Settings {
  countries: string[];
  name: string;
  index_title: string;
  description: string;
  visible_profile_fields: string[];
  visible_profile_notes: boolean;
  geoip_country: string | null;
  geoip_selected_country: string | null;
  cdn_prefix: string;
  message_credits: number;
  photo_credits: number;
  gift_credits: number;
  signup_credits: number;
  message_length: number;
  minimum_message_costs: Record<string, MinimumMessageCosts>;
  support_email: string;
  support_phone: string;
  enable_site_entry_popup: 'yes' | 'no';
  push_public_key: string;
  search_fields: string[];
  domain: string;
  domain_language: string;
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
  refund_days: number;
  signups: SignupsSetting;
  logged_out_search: LoggedOutSearch;
  logged_out_search_trafficsource: LoggedOutSearch;
  member_resell: boolean;
  niche: Niche;
  company_id: number;
  mail_name: string;
  /** Minimum age for signup, used in 'Vul uw geboortedatum in ({min_age}+ jaar)'. */
  min_age: number;
  /** Whether the US footer is enabled for locale en. */
  us_footer: boolean;
  default_locale: Locale;
}

/** `GET /api/companyinfo.php` */
export interface CompanyInfo {
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string[];
  vat_numbers: string[];
  support_phone: string;
  delete_discount: number;
  /** ISO date-time the company was added; used for the terms version date (docs/product/sites-and-landers.md). */
  added: string;
}

export interface Region {
  country: string;
  code: string;
  name: string;
}
/** `GET /api/regions.php` */
export interface RegionsResponse {
  regions: Region[];
}
/** `GET /api/interests.php` */
export interface InterestsResponse {
  interests: string[];
}
/** `GET /api/geocode.php?lat=&lon=` */
export interface GeocodeResponse {
  country: string;
  region: string | null;
  region_code: string | null;
  city: string | null;
}
