import { boolean, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  kvk: text('kvk').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default('NL'),
  tradenames: jsonb('tradenames').$type<string[]>().notNull().default([]),
  vatNumbers: jsonb('vat_numbers').$type<string[]>().notNull().default([]),
  supportPhone: text('support_phone').notNull().default(''),
  deleteDiscount: integer('delete_discount').notNull().default(0),
  added: ts('added').notNull().defaultNow(),
});

/** Settings of docs/product/sites-and-landers.md that have no column of their own. */
export interface SiteSettingsJson {
  visible_profile_fields?: string[];
  visible_profile_notes?: boolean;
  cdn_prefix?: string;
  message_credits?: number;
  photo_credits?: number;
  gift_credits?: number;
  signup_credits?: number;
  message_length?: number;
  minimum_message_costs?: Record<string, { costs: number; currency: string }>;
  enable_site_entry_popup?: 'yes' | 'no';
  search_fields?: string[];
  fictional_warning?: string;
  fictional_singular?: string;
  fictional_plural?: string;
  refund_days?: number;
  signups?: 'all' | 'with_trafficsource' | 'none';
  logged_out_search?: 'none' | 'other';
  logged_out_search_trafficsource?: 'none' | 'other';
  member_resell?: boolean;
  min_age?: number;
  us_footer?: boolean;
  welcome_discount_hours?: number;
  /** Minutes after which a photo nobody reviewed becomes public; absent or 0: never (accounts/photos). */
  photo_auto_approve_minutes?: number;
  theme_color?: string;
  /** The site's own texts per locale (docs/product/README.md: every settings text translated); the columns hold the default. */
  texts?: Partial<Record<string, SiteTexts>>;
}

/** Settings texts a site words per locale. */
export interface SiteTexts {
  index_title?: string;
  description?: string;
  fictional_warning?: string;
  fictional_singular?: string;
  fictional_plural?: string;
}

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  host: text('host').notNull().unique(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  niche: smallint('niche').notNull().default(1),
  domain: text('domain').notNull(),
  /**
   * The site's public origin (`https://www.example.nl`): every absolute URL the server writes is built from it, and
   * its host name is one the site answers to. '' = `https://<host>` in production, the local origin in development
   * (lib/site-origin.ts, docs/adr/0035-one-origin-per-site.md). Migration 0340.
   */
  origin: text('origin').notNull().default(''),
  domainLanguage: text('domain_language').notNull().default('nl-NL'),
  indexTitle: text('index_title').notNull().default(''),
  description: text('description').notNull().default(''),
  countries: jsonb('countries').$type<string[]>().notNull().default([]),
  currency: text('currency').notNull().default('EUR'),
  supportEmail: text('support_email').notNull().default(''),
  supportPhone: text('support_phone').notNull().default(''),
  mailName: text('mail_name').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  settings: jsonb('settings').$type<SiteSettingsJson>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** IANA zone of the site's day (the swipe game's daily likes), migration 0020. */
  timeZone: text('time_zone').notNull().default('Europe/Amsterdam'),
});
