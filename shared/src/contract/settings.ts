// The site's public settings and look-ups (docs/product/sites-and-landers.md): schemas and their types; the niche
// variants and default profile fields are `values/settings.ts`, re-exported here.
import { Type, type Static } from 'typebox';
import { IntegerRange, LocaleSchema, Nullable, StringEnum } from './common';

export * from './values/settings';

const SIGNUPS_SETTINGS = ['all', 'with_trafficsource', 'none'] as const;
const LOGGED_OUT_SEARCH = ['none', 'other'] as const;

const LoggedOutSearchSchema = StringEnum(LOGGED_OUT_SEARCH);

export const MinimumMessageCostsSchema = Type.Object({ costs: Type.Number(), currency: Type.String() });
export type MinimumMessageCosts = Static<typeof MinimumMessageCostsSchema>;

/** `GET /api/settings.php` (docs/product/sites-and-landers.md). */
export const SettingsSchema = Type.Object({
  countries: Type.Array(Type.String()),
  name: Type.String(),
  index_title: Type.String(),
  description: Type.String(),
  visible_profile_fields: Type.Array(Type.String()),
  visible_profile_notes: Type.Boolean(),
  geoip_country: Nullable(Type.String()),
  geoip_selected_country: Nullable(Type.String()),
  cdn_prefix: Type.String(),
  message_credits: Type.Integer(),
  photo_credits: Type.Integer(),
  gift_credits: Type.Integer(),
  signup_credits: Type.Integer(),
  message_length: Type.Integer(),
  minimum_message_costs: Type.Record(Type.String(), MinimumMessageCostsSchema),
  support_email: Type.String(),
  support_phone: Type.String(),
  enable_site_entry_popup: StringEnum(['yes', 'no'] as const),
  push_public_key: Type.String(),
  search_fields: Type.Array(Type.String()),
  domain: Type.String(),
  domain_language: Type.String(),
  fictional_warning: Type.String(),
  fictional_singular: Type.String(),
  fictional_plural: Type.String(),
  refund_days: Type.Integer(),
  signups: StringEnum(SIGNUPS_SETTINGS),
  logged_out_search: LoggedOutSearchSchema,
  logged_out_search_trafficsource: LoggedOutSearchSchema,
  member_resell: Type.Boolean(),
  /** 1..7 → general, she, bdsm, bbw, gilf, milf, gay (docs/product/README.md). */
  niche: IntegerRange<1 | 2 | 3 | 4 | 5 | 6 | 7>(1, 7),
  company_id: Type.Integer(),
  mail_name: Type.String(),
  /** Minimum age for signup, used in 'Vul uw geboortedatum in ({min_age}+ jaar)'. */
  min_age: Type.Integer(),
  /** Whether the US footer is enabled for locale en. */
  us_footer: Type.Boolean(),
  default_locale: LocaleSchema,
});
/** `GET /api/settings.php` (docs/product/sites-and-landers.md). */
export type Settings = Static<typeof SettingsSchema>;
export type SignupsSetting = Settings['signups'];
export type LoggedOutSearch = Settings['logged_out_search'];
/** 1..7 → general, she, bdsm, bbw, gilf, milf, gay (docs/product/README.md). */
export type Niche = Settings['niche'];

/** `?host=`: the site to answer for (the landers' server rendering asks for a host other than its own). */
export const HostQuerySchema = Type.Object({ host: Type.Optional(Type.String({ maxLength: 253 })) });
export type HostQuery = Static<typeof HostQuerySchema>;
/**
 * `GET /api/settings.php` query: `host`, and the page's own query parameters, which the shell passes through
 * (tracking values, a lander's options); only `host` is read.
 */
export const SettingsQuerySchema = Type.Object(HostQuerySchema.properties, { additionalProperties: true });
export type SettingsQuery = Static<typeof SettingsQuerySchema>;

/** `GET /api/companyinfo.php` */
export const CompanyInfoSchema = Type.Object({
  name: Type.String(),
  address: Type.String(),
  kvk: Type.String(),
  city: Type.String(),
  country: Type.String(),
  tradenames: Type.Array(Type.String()),
  vat_numbers: Type.Array(Type.String()),
  support_phone: Type.String(),
  delete_discount: Type.Number(),
  /** ISO date-time the company was added; used for the terms version date (docs/product/sites-and-landers.md). */
  added: Type.String(),
});
/** `GET /api/companyinfo.php` */
export type CompanyInfo = Static<typeof CompanyInfoSchema>;

export const RegionSchema = Type.Object({ country: Type.String(), code: Type.String(), name: Type.String() });
export type Region = Static<typeof RegionSchema>;
/** `GET /api/regions.php` */
export const RegionsQuerySchema = Type.Object({
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
});
export type RegionsQuery = Static<typeof RegionsQuerySchema>;
export const RegionsResponseSchema = Type.Object({ regions: Type.Array(RegionSchema) });
/** `GET /api/regions.php` */
export type RegionsResponse = Static<typeof RegionsResponseSchema>;
/** `GET /api/towns.php?country=&region=`: the towns a profile may name, of one region (a code of regions.php) or country. */
export const TownsQuerySchema = Type.Object({
  country: Type.String({ pattern: '^[A-Za-z]{2}$' }),
  region: Type.Optional(Type.String({ minLength: 1, maxLength: 10 })),
});
export type TownsQuery = Static<typeof TownsQuerySchema>;
export const TownsResponseSchema = Type.Object({ towns: Type.Array(Type.String()) });
/** `GET /api/towns.php?country=&region=` */
export type TownsResponse = Static<typeof TownsResponseSchema>;
/** `GET /api/interests.php` */
export const InterestsResponseSchema = Type.Object({ interests: Type.Array(Type.String()) });
/** `GET /api/interests.php` */
export type InterestsResponse = Static<typeof InterestsResponseSchema>;
/** `GET /api/geocode.php?lat=&lon=` */
export const GeocodeQuerySchema = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lon: Type.Number({ minimum: -180, maximum: 180 }),
});
export type GeocodeQuery = Static<typeof GeocodeQuerySchema>;
export const GeocodeResponseSchema = Type.Object({
  country: Type.String(),
  region: Nullable(Type.String()),
  region_code: Nullable(Type.String()),
  city: Nullable(Type.String()),
});
/** `GET /api/geocode.php?lat=&lon=` */
export type GeocodeResponse = Static<typeof GeocodeResponseSchema>;
/**
 * `GET /api/town-distances.php?country=&towns=…`: the real distance (whole km) and compass bearing of towns of a
 * country's place list from the first of them the list knows (the centre); towns it does not know are left out, and
 * `centre` is null when it knows none. What the map lander places its members by.
 */
export const TownDistancesQuerySchema = Type.Object({
  country: Type.String({ pattern: '^[A-Za-z]{2}$' }),
  towns: Type.Array(Type.String({ minLength: 1, maxLength: 80 }), { minItems: 1, maxItems: 24 }),
});
export type TownDistancesQuery = Static<typeof TownDistancesQuerySchema>;
export const TownDistancesResponseSchema = Type.Object({
  centre: Nullable(Type.String()),
  towns: Type.Array(
    Type.Object({
      name: Type.String(),
      km: Type.Integer({ minimum: 0 }),
      bearing: Type.Integer({ minimum: 0, maximum: 359 }),
    }),
  ),
});
export type TownDistancesResponse = Static<typeof TownDistancesResponseSchema>;
