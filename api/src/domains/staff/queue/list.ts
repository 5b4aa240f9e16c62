// The reply queue's list: conversations whose last message is the member's, oldest first, with who holds each.
import { sql } from 'drizzle-orm';
import { isLocale, type Locale } from '@dating/shared/contract/index';
import type { StaffQueueQuery, StaffQueueResponse } from '@dating/shared/contract/staff';
import { first, rows } from '../../../db/sql';
import { mediaUrl } from '../../members';
import { iso, toClaim, WAITING, type QueueDeps } from './common';

interface QueueRow {
  id: number;
  site_id: number;
  language: string;
  member_id: number;
  member_name: string;
  member_thumb: string | null;
  fictional_id: number;
  fictional_name: string;
  fictional_thumb: string | null;
  waiting_since: Date | string;
  last_type: 'text' | 'gift' | 'photo';
  last_body: string | null;
  last_at: Date | string;
  staff_id: number | null;
  staff_name: string | null;
  expires_at: Date | string | null;
}

type Filter = { site: number | null; locale: string | null };

function queueRows(deps: QueueDeps, { site, locale }: Filter, limit: number) {
  return rows<QueueRow>(
    deps.db,
    sql`SELECT c.id, mu.site_id, mu.language, mu.id AS member_id, mp.name AS member_name,
               mph.thumb_filename AS member_thumb, c.fictional_id, fp.name AS fictional_name,
               fph.thumb_filename AS fictional_thumb,
               (SELECT min(m.created_at) FROM messages m WHERE m.conversation_id = c.id
                  AND m.id > coalesce((SELECT max(f.id) FROM messages f
                                       WHERE f.conversation_id = c.id AND f.sender_id = c.fictional_id), 0)
               ) AS waiting_since,
               lm.type AS last_type, lm.body AS last_body, lm.created_at AS last_at,
               sc.staff_id, sa.name AS staff_name, sc.expires_at
        FROM conversations c
        JOIN users mu ON mu.id = CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END
        JOIN profiles mp ON mp.user_id = mu.id
        LEFT JOIN photos mph ON mph.id = mp.main_photo_id AND mph.status = 'active'
        JOIN profiles fp ON fp.user_id = c.fictional_id
        LEFT JOIN photos fph ON fph.id = fp.main_photo_id
        JOIN LATERAL (SELECT m.type, m.body, m.created_at FROM messages m WHERE m.conversation_id = c.id
                      ORDER BY m.id DESC LIMIT 1) lm ON true
        LEFT JOIN staff_claims sc ON sc.conversation_id = c.id AND sc.expires_at > now()
        LEFT JOIN staff_accounts sa ON sa.id = sc.staff_id
        WHERE ${sql.raw(WAITING)} AND mu.status <> 'deleted'
          AND (${site}::int IS NULL OR mu.site_id = ${site}) AND (${locale}::text IS NULL OR mu.language = ${locale})
        ORDER BY c.updated_at, c.id LIMIT ${limit}`,
  );
}

async function queueTotal(deps: QueueDeps, { site, locale }: Filter): Promise<number> {
  const total = await first<{ n: string | number }>(
    deps.db,
    sql`SELECT count(*) AS n FROM conversations c
        JOIN users mu ON mu.id = CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END
        WHERE ${sql.raw(WAITING)} AND mu.status <> 'deleted'
          AND (${site}::int IS NULL OR mu.site_id = ${site}) AND (${locale}::text IS NULL OR mu.language = ${locale})`,
  );
  return Number(total?.n ?? 0);
}

function toItem(
  r: QueueRow,
  site: { name: string; host: string } | undefined,
  me: number,
): StaffQueueResponse['items'][number] {
  return {
    conversation: r.id,
    site: { id: r.site_id, name: site?.name ?? '', host: site?.host ?? '' },
    locale: (isLocale(r.language) ? r.language : 'nl') as Locale,
    member: {
      id: r.member_id,
      name: r.member_name,
      thumb_url: r.member_thumb ? mediaUrl(r.member_thumb) : null,
    },
    fictional: {
      id: r.fictional_id,
      name: r.fictional_name,
      thumb_url: r.fictional_thumb ? mediaUrl(r.fictional_thumb) : null,
    },
    waiting_since: iso(r.waiting_since ?? r.last_at),
    last_message: { type: r.last_type, text: r.last_body, sent_at: iso(r.last_at) },
    claim:
      r.staff_id !== null && r.expires_at !== null
        ? toClaim({ staff_id: r.staff_id, staff_name: r.staff_name ?? '', expires_at: r.expires_at }, me)
        : null,
  };
}

export async function listQueue(
  deps: QueueDeps,
  q: StaffQueueQuery,
  me: number,
): Promise<StaffQueueResponse> {
  const filter = { site: q.site ?? null, locale: q.locale ?? null };
  const found = await queueRows(deps, filter, Math.min(q.limit ?? 50, 100));
  const total = await queueTotal(deps, filter);
  const sites = new Map((await deps.sites.all()).map((s) => [s.id, s]));
  return { total, items: found.map((r) => toItem(r, sites.get(r.site_id), me)) };
}
