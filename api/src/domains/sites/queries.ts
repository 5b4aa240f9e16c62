// Reads of the sites' table for other domains (the back office's settings editor): the queries are this domain's,
// so the shape of `sites` stays its own; other domains take the rows through sites' index.ts.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { first, rows } from '../../db/sql';
import type { SiteRow } from './sites';

/** A site's row as stored now (not the 30-second cache), with the version a settings save names (ADR 0018). */
export type SiteRecord = SiteRow & { version: number; updated_at: Date | string; updated_by: string | null };

/** The site's row, or undefined. */
export async function siteRecord(db: Db | Tx, id: number): Promise<SiteRecord | undefined> {
  const row = await first<Record<string, unknown>>(db, sql`SELECT * FROM sites WHERE id = ${id}`);
  if (!row) return undefined;
  return {
    id: row.id as number,
    host: row.host as string,
    companyId: row.company_id as number,
    name: row.name as string,
    niche: row.niche as number,
    domain: row.domain as string,
    origin: (row.origin as string | undefined) ?? '',
    domainLanguage: row.domain_language as string,
    indexTitle: row.index_title as string,
    description: row.description as string,
    countries: row.countries as string[],
    currency: row.currency as string,
    supportEmail: row.support_email as string,
    supportPhone: row.support_phone as string,
    mailName: row.mail_name as string,
    isDefault: row.is_default as boolean,
    settings: (row.settings ?? {}) as SiteRow['settings'],
    createdAt: row.created_at as Date,
    timeZone: row.time_zone as string,
    version: row.version as number,
    updated_at: row.updated_at as Date | string,
    updated_by: (row.updated_by as string | null) ?? null,
  };
}

/** Every site, by id: what a list of sites shows. */
export function siteSummaries(
  db: Db | Tx,
): Promise<{ id: number; name: string; host: string; version: number; niche: number; domain: string }[]> {
  return rows(db, sql`SELECT id, name, host, version, niche, domain FROM sites ORDER BY id`);
}

/** Each site's day now in its own time zone (`YYYY-MM-DD`) and when that day began; one site when `site` is given. */
export function siteDays(
  db: Db | Tx,
  site: number | undefined,
): Promise<{ id: number; name: string; host: string; day: string; day_start: Date | string }[]> {
  return rows(
    db,
    sql`SELECT id, name, host, to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS day,
               date_trunc('day', now() AT TIME ZONE time_zone) AT TIME ZONE time_zone AS day_start
        FROM sites WHERE ${site ?? null}::int IS NULL OR id = ${site ?? null} ORDER BY id`,
  );
}
