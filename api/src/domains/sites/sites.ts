import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_VISIBLE_PROFILE_FIELDS,
  type CompanyInfo,
  type Settings,
  type Niche,
} from '@dating/shared/contract/index';
import type { Db } from '../../db/client';
import { first } from '../../db/sql';
import { companies, sites, type SiteSettingsJson } from './tables';
import { recordAudit, type Actor } from '../audit';
import { localeFromDomainLanguage } from '../../lib/i18n';
import {
  LOOPBACK_HOSTS,
  originPort,
  publicOrigin,
  siteHostnames,
  type LocalOrigin,
} from '../../lib/site-origin';

export type SiteRow = typeof sites.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export interface Site extends SiteRow {
  company: CompanyRow;
  /** Settings without the per-visitor geoip fields, built once per site. */
  baseSettings: Omit<Settings, 'geoip_country' | 'geoip_selected_country'>;
  defaultLocale: ReturnType<typeof localeFromDomainLanguage>;
  /**
   * The one origin every absolute URL of this site is built from (scheme, host, port; no trailing slash): the
   * configured `origin`, else the local origin in development, else `https://<host>` (lib/site-origin.ts, ADR 0035).
   */
  publicOrigin: string;
  /** The port of `publicOrigin`: a Host may name it (or none). */
  originPort: number;
}

const DEFAULTS: Required<Omit<SiteSettingsJson, 'minimum_message_costs' | 'theme_color' | 'texts'>> = {
  visible_profile_fields: [...DEFAULT_VISIBLE_PROFILE_FIELDS],
  visible_profile_notes: false,
  cdn_prefix: '',
  message_credits: 5,
  photo_credits: 10,
  gift_credits: 20,
  signup_credits: 10,
  message_length: 1000,
  enable_site_entry_popup: 'yes',
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  fictional_warning: '',
  fictional_singular: 'fictional profile',
  fictional_plural: 'fictional profiles',
  refund_days: 14,
  signups: 'all',
  logged_out_search: 'other',
  logged_out_search_trafficsource: 'other',
  member_resell: false,
  min_age: 18,
  us_footer: false,
  welcome_discount_hours: 48,
  // Never: a photo is public only once staff approved it (accounts/photos, docs/product/member-model.md).
  photo_auto_approve_minutes: 0,
};

export function buildSettings(site: SiteRow, pushPublicKey: string): Site['baseSettings'] {
  const s = { ...DEFAULTS, ...site.settings };
  return {
    countries: site.countries,
    name: site.name,
    index_title: site.indexTitle,
    description: site.description,
    visible_profile_fields: s.visible_profile_fields,
    visible_profile_notes: s.visible_profile_notes,
    cdn_prefix: s.cdn_prefix,
    message_credits: s.message_credits,
    photo_credits: s.photo_credits,
    gift_credits: s.gift_credits,
    signup_credits: s.signup_credits,
    message_length: s.message_length,
    minimum_message_costs: site.settings.minimum_message_costs ?? {},
    support_email: site.supportEmail,
    support_phone: site.supportPhone,
    enable_site_entry_popup: s.enable_site_entry_popup,
    push_public_key: pushPublicKey,
    search_fields: s.search_fields,
    domain: site.domain,
    domain_language: site.domainLanguage,
    fictional_warning: s.fictional_warning,
    fictional_singular: s.fictional_singular,
    fictional_plural: s.fictional_plural,
    refund_days: s.refund_days,
    signups: s.signups,
    logged_out_search: s.logged_out_search,
    logged_out_search_trafficsource: s.logged_out_search_trafficsource,
    member_resell: s.member_resell,
    niche: site.niche as Niche,
    company_id: site.companyId,
    mail_name: site.mailName || site.name,
    min_age: s.min_age,
    us_footer: s.us_footer,
    default_locale: localeFromDomainLanguage(site.domainLanguage),
  };
}

export function toCompanyInfo(c: CompanyRow): CompanyInfo {
  return {
    name: c.name,
    address: c.address,
    kvk: c.kvk,
    city: c.city,
    country: c.country,
    tradenames: c.tradenames,
    vat_numbers: c.vatNumbers,
    support_phone: c.supportPhone,
    delete_discount: c.deleteDiscount,
    added: c.added.toISOString(),
  };
}

const TTL_MS = 30_000;
/** A host name as the sites are looked up by: lower case, without `www.`. */
const hostKey = (hostname: string) => hostname.toLowerCase().replace(/^www\./, '');

/** The editable columns of a site, as staff save them (`updateSettings`). */
export type SiteSettingsUpdate = Pick<
  SiteRow,
  'name' | 'domain' | 'niche' | 'indexTitle' | 'description' | 'supportEmail' | 'supportPhone' | 'mailName'
> & { settings: Record<string, unknown> };

/** Sites are few and read on every request: keep them in memory, refreshed every 30 s. */
export function createSitesService(db: Db, opts: { pushPublicKey: () => string; local: LocalOrigin }) {
  let cache: {
    at: number;
    byHost: Map<string, Site>;
    byId: Map<number, Site>;
    fallback: Site | null;
  } | null = null;
  let loading: Promise<void> | null = null;

  async function load() {
    const rows = await db.select().from(sites).innerJoin(companies, eq(sites.companyId, companies.id));
    const byHost = new Map<string, Site>();
    const byId = new Map<number, Site>();
    let fallback: Site | null = null;
    for (const { sites: s, companies: c } of rows) {
      const site: Site = {
        ...s,
        company: c,
        baseSettings: buildSettings(s, opts.pushPublicKey()),
        defaultLocale: localeFromDomainLanguage(s.domainLanguage),
        publicOrigin: '',
        originPort: 0,
      };
      site.publicOrigin = publicOrigin(s, opts.local);
      site.originPort = originPort(site.publicOrigin);
      // The site answers to its host and its origin's host name (each also with `www.`); a site's own host wins
      // over another's origin name.
      byHost.set(hostKey(s.host), site);
      for (const name of siteHostnames(s, site.publicOrigin)) {
        const key = hostKey(name);
        if (!byHost.has(key) || byHost.get(key)!.host.toLowerCase() !== key) byHost.set(key, site);
      }
      byId.set(s.id, site);
      if (s.isDefault || (!fallback && s.host === 'localhost')) fallback = site;
    }
    fallback ??= byHost.values().next().value ?? null;
    cache = { at: Date.now(), byHost, byId, fallback };
  }

  async function ensure() {
    if (cache && Date.now() - cache.at < TTL_MS) return cache;
    if (!cache) {
      loading ??= load().finally(() => (loading = null));
      await loading;
    } else if (!loading) {
      // Stale: serve the old copy while refreshing in the background.
      loading = load()
        .catch(() => undefined)
        .finally(() => (loading = null));
    }
    return cache!;
  }

  function pick(c: NonNullable<typeof cache>, host: string | undefined): Site {
    const key = hostKey((host ?? '').replace(/:\d+$/, ''));
    const site = c.byHost.get(key) ?? c.fallback;
    if (!site) throw new Error('no site configured');
    return site;
  }

  function find(c: NonNullable<typeof cache>, host: string | undefined): Site | null {
    const key = hostKey((host ?? '').replace(/:\d+$/, ''));
    const site = c.byHost.get(key);
    if (site) return site;
    return LOOPBACK_HOSTS.has(key) ? c.fallback : null;
  }

  return {
    /** The site for a request host (port stripped); unknown hosts get the default site. */
    async resolve(host: string | undefined): Promise<Site> {
      return pick(await ensure(), host);
    },
    /**
     * The same without waiting, for the per-request lookup: the sites as loaded (at start, see `resolve`), a stale
     * copy being refreshed in the background. Throws if they were never loaded.
     */
    resolveLoaded(host: string | undefined): Site {
      if (!cache) throw new Error('sites not loaded yet');
      if (Date.now() - cache.at >= TTL_MS) void ensure();
      return pick(cache, host);
    },
    /**
     * The site of a request host, or null when no site has it (an unknown host is not another
     * brand). The loopback names reach the default site, for local development and health checks.
     */
    async lookup(host: string | undefined): Promise<Site | null> {
      return find(await ensure(), host);
    },
    /**
     * `lookup` without waiting, for the per-request hook: the sites as loaded (a stale copy is served while it is
     * refreshed in the background); `undefined` only before they were ever loaded.
     */
    lookupLoaded(host: string | undefined): Site | null | undefined {
      if (!cache) return undefined;
      if (Date.now() - cache.at >= TTL_MS) void ensure();
      return find(cache, host);
    },
    async byId(id: number): Promise<Site | undefined> {
      return (await ensure()).byId.get(id);
    },
    async all(): Promise<Site[]> {
      return [...(await ensure()).byId.values()];
    },
    /** After editing sites (seed, admin). */
    async reload() {
      await load();
    },
    /**
     * A site's settings as staff edit them (ADR 0018): one UPDATE that only matches the `version` the editor read
     * (false when someone saved in between), with the audit row `site_update` (`audit`: who, and the settings
     * before and after as the editor shows them) in the same transaction; then this node's copy reloaded. Telling
     * the other nodes is the caller's.
     */
    async updateSettings(
      id: number,
      version: number,
      next: SiteSettingsUpdate,
      audit: { actor: Actor & { name: string }; before: unknown; after: unknown },
    ): Promise<boolean> {
      const updated = await db.transaction(async (tx) => {
        const row = await first<{ id: number; version: number }>(
          tx,
          sql`UPDATE sites SET
                name = ${next.name}, domain = ${next.domain}, niche = ${next.niche},
                index_title = ${next.indexTitle}, description = ${next.description},
                support_email = ${next.supportEmail}, support_phone = ${next.supportPhone},
                mail_name = ${next.mailName}, settings = ${JSON.stringify(next.settings)}::jsonb,
                version = version + 1, updated_at = now(), updated_by = ${audit.actor.name}
              WHERE id = ${id} AND version = ${version}
              RETURNING id, version`,
        );
        if (row) {
          await recordAudit(tx, audit.actor, {
            action: 'site_update',
            targetType: 'site',
            targetId: id,
            before: { version, settings: audit.before },
            after: { version: row.version, settings: audit.after },
          });
        }
        return row;
      });
      if (!updated) return false;
      await load();
      return true;
    },
    /** The settings for a visitor from `geoCountry`, with the site's texts in `locale` where it words them. */
    settings(site: Site, geoCountry: string | null, locale?: string): Settings {
      const selected =
        geoCountry && site.countries.includes(geoCountry) ? geoCountry : (site.countries[0] ?? null);
      const texts = (locale && site.settings.texts?.[locale]) || {};
      return { ...site.baseSettings, ...texts, geoip_country: geoCountry, geoip_selected_country: selected };
    },
  };
}
export type SitesService = ReturnType<typeof createSitesService>;
