import { LOCALES, type Niche } from '@dating/shared/contract/index';
import {
  STAFF_SETTING_LIMITS,
  type StaffSite,
  type StaffSiteSettings,
  type StaffSitesResponse,
  type StaffSiteTexts,
  type StaffSiteUpdate,
} from '@dating/shared/contract/staff';
import type { Db } from '../../db/client';
import type { Bus } from '../../lib/bus';
import { ApiError, badInput, notFound } from '../../lib/errors';
import type { Actor } from '../audit';
import {
  buildSettings,
  siteRecord,
  siteSummaries,
  type SiteRecord,
  type SiteRow,
  type SitesService,
} from '../sites';

const CREDIT_FIELDS = ['message_credits', 'photo_credits', 'gift_credits', 'signup_credits'] as const;
const TEXT_FIELDS = ['index_title', 'description', 'support_phone', 'mail_name'] as const;
const LOCALE_TEXT_FIELDS = [
  'index_title',
  'description',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
] as const;
/** A host name: labels of letters, digits and hyphens, a dot between, a letter TLD; no scheme, port or path. */
const DOMAIN_RE = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CHOICES = {
  signups: ['all', 'with_trafficsource', 'none'],
  logged_out_search: ['none', 'other'],
  logged_out_search_trafficsource: ['none', 'other'],
  enable_site_entry_popup: ['yes', 'no'],
} as const;

type Row = SiteRecord;

function settingsOf(row: Row): StaffSiteSettings {
  const base = buildSettings(row, '');
  const texts = (row.settings.texts ?? {}) as StaffSiteSettings['texts'];
  return {
    name: row.name,
    domain: row.domain,
    niche: row.niche as Niche,
    message_credits: base.message_credits,
    photo_credits: base.photo_credits,
    gift_credits: base.gift_credits,
    signup_credits: base.signup_credits,
    message_length: base.message_length,
    refund_days: base.refund_days,
    min_age: base.min_age,
    photo_auto_approve_minutes: row.settings.photo_auto_approve_minutes ?? 0,
    index_title: row.indexTitle,
    description: row.description,
    texts,
    signups: base.signups,
    logged_out_search: base.logged_out_search,
    logged_out_search_trafficsource: base.logged_out_search_trafficsource,
    enable_site_entry_popup: base.enable_site_entry_popup,
    support_email: row.supportEmail,
    support_phone: row.supportPhone,
    mail_name: row.mailName,
  };
}

const intIn = (field: string, v: unknown, min: number, max: number) => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw badInput(field, 'validation', { min, max });
  return v;
};
const textOf = (field: string, v: unknown, required = false) => {
  if (typeof v !== 'string' || v.length > STAFF_SETTING_LIMITS.text.max || (required && !v.trim()))
    throw badInput(field);
  return v.trim();
};

/** Checks every given field; the first bad one is named in the 400 (`field`). Returns the normalised values. */
export function validateSettings(input: Partial<StaffSiteSettings>): Partial<StaffSiteSettings> {
  const out: Partial<StaffSiteSettings> = {};
  const known = new Set<string>([
    ...CREDIT_FIELDS,
    ...TEXT_FIELDS,
    ...Object.keys(CHOICES),
    'name',
    'domain',
    'niche',
    'message_length',
    'refund_days',
    'min_age',
    'photo_auto_approve_minutes',
    'texts',
    'support_email',
  ]);
  for (const key of Object.keys(input)) if (!known.has(key)) throw badInput(key);
  if (input.name !== undefined) out.name = textOf('name', input.name, true);
  if (input.domain !== undefined) {
    const d = typeof input.domain === 'string' ? input.domain.trim().toLowerCase() : '';
    if (!DOMAIN_RE.test(d)) throw badInput('domain');
    out.domain = d;
  }
  if (input.niche !== undefined) out.niche = intIn('niche', input.niche, 1, 7) as Niche;
  for (const f of CREDIT_FIELDS)
    if (input[f] !== undefined)
      out[f] = intIn(f, input[f], STAFF_SETTING_LIMITS.credits.min, STAFF_SETTING_LIMITS.credits.max);
  const { message_length: ml, refund_days: rd, min_age: ma } = STAFF_SETTING_LIMITS;
  if (input.message_length !== undefined)
    out.message_length = intIn('message_length', input.message_length, ml.min, ml.max);
  if (input.refund_days !== undefined)
    out.refund_days = intIn('refund_days', input.refund_days, rd.min, rd.max);
  if (input.min_age !== undefined) out.min_age = intIn('min_age', input.min_age, ma.min, ma.max);
  if (input.photo_auto_approve_minutes !== undefined) {
    const { min, max } = STAFF_SETTING_LIMITS.photo_auto_approve_minutes;
    out.photo_auto_approve_minutes = intIn(
      'photo_auto_approve_minutes',
      input.photo_auto_approve_minutes,
      min,
      max,
    );
  }
  for (const f of TEXT_FIELDS) if (input[f] !== undefined) out[f] = textOf(f, input[f]);
  for (const [f, values] of Object.entries(CHOICES) as [keyof typeof CHOICES, readonly string[]][]) {
    const v = input[f];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !values.includes(v)) throw badInput(f);
    (out as Record<string, unknown>)[f] = v;
  }
  if (input.support_email !== undefined) {
    const e = typeof input.support_email === 'string' ? input.support_email.trim() : '';
    if (e && !EMAIL_RE.test(e)) throw badInput('support_email', 'email_invalid');
    out.support_email = e;
  }
  if (input.texts !== undefined) {
    if (!input.texts || typeof input.texts !== 'object' || Array.isArray(input.texts))
      throw badInput('texts');
    const texts: StaffSiteSettings['texts'] = {};
    for (const [locale, t] of Object.entries(input.texts)) {
      if (!(LOCALES as readonly string[]).includes(locale)) throw badInput(`texts.${locale}`);
      if (!t || typeof t !== 'object' || Array.isArray(t)) throw badInput(`texts.${locale}`);
      const clean: StaffSiteTexts = {};
      for (const [k, v] of Object.entries(t)) {
        if (!(LOCALE_TEXT_FIELDS as readonly string[]).includes(k)) throw badInput(`texts.${locale}.${k}`);
        const text = textOf(`texts.${locale}.${k}`, v);
        if (text) clean[k as keyof StaffSiteTexts] = text;
      }
      texts[locale as keyof typeof texts] = clean;
    }
    out.texts = texts;
  }
  return out;
}

/**
 * Sites and their settings (docs/adr/0018-staff-back-office.md). A save names the version it read: one UPDATE … WHERE version = $v,
 * so of two concurrent saves the later gets 409 record_changed. After a save the sites are reloaded here and on
 * every other node (bus event `sites-changed`), so the new values apply at once without a restart.
 */
export function createStaffSites(deps: { db: Db; sites: SitesService; bus: Bus }) {
  const { db } = deps;
  deps.bus.subscribe((event) => {
    if (event.type === 'sites-changed') void deps.sites.reload().catch(() => undefined);
  });

  async function load(id: number): Promise<Row> {
    const row = await siteRecord(db, id);
    if (!row) throw notFound();
    return row;
  }

  function toStaffSite(row: Row): StaffSite {
    const preview = buildSettings(row, '');
    return {
      site: { id: row.id, name: row.name, host: row.host },
      version: row.version,
      settings: settingsOf(row),
      preview,
      updated_at: new Date(row.updated_at).toISOString(),
      updated_by: row.updated_by,
    };
  }

  return {
    async list(): Promise<StaffSitesResponse> {
      const found = await siteSummaries(db);
      return { sites: found.map((s) => ({ ...s, niche: s.niche as Niche })) };
    },

    async get(id: number): Promise<StaffSite> {
      return toStaffSite(await load(id));
    },

    /** Saves through sites' `updateSettings`, which writes the audit row with the change; answers the site after. */
    async update(id: number, input: StaffSiteUpdate, actor: Actor & { name: string }) {
      const current = await load(id);
      const before = toStaffSite(current);
      const changes = validateSettings(input.settings ?? {});
      const json: Record<string, unknown> = { ...current.settings };
      for (const f of [
        ...CREDIT_FIELDS,
        'message_length',
        'refund_days',
        'min_age',
        'photo_auto_approve_minutes',
        'signups',
        'logged_out_search',
        'logged_out_search_trafficsource',
        'enable_site_entry_popup',
      ] as const) {
        if (changes[f] !== undefined) json[f] = changes[f];
      }
      if (changes.texts !== undefined) json.texts = changes.texts;
      const next = {
        name: changes.name ?? current.name,
        domain: changes.domain ?? current.domain,
        niche: changes.niche ?? current.niche,
        indexTitle: changes.index_title ?? current.indexTitle,
        description: changes.description ?? current.description,
        supportEmail: changes.support_email ?? current.supportEmail,
        supportPhone: changes.support_phone ?? current.supportPhone,
        mailName: changes.mail_name ?? current.mailName,
        settings: json,
      };
      const saved = await deps.sites.updateSettings(id, input.version, next, {
        actor,
        before: before.settings,
        after: settingsOf({ ...current, ...next, settings: json as SiteRow['settings'] }),
      });
      if (!saved) throw new ApiError(409, 'record_changed');
      deps.bus.publish({ type: 'sites-changed' });
      return toStaffSite(await load(id));
    },
  };
}
export type StaffSites = ReturnType<typeof createStaffSites>;
