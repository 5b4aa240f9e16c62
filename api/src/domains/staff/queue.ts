import { sql } from 'drizzle-orm';
import { isLocale, type Locale } from '@dating/shared/contract/index';
import {
  QUEUE_CLAIM_MINUTES,
  staffPath,
  STAFF_HISTORY_LIMIT,
  type StaffClaim,
  type StaffClaimRequest,
  type StaffClaimResponse,
  type StaffConversation,
  type StaffQueueQuery,
  type StaffQueueResponse,
  type StaffReplyRequest,
  type StaffReplyResponse,
} from '@dating/shared/contract/staff';
import type { Db, RawDb } from '../../db/client';
import { first, rows } from '../../db/sql';
import { ApiError, notFound } from '../../lib/errors';
import { readObject, type ObjectStorage } from '../../lib/storage';
import { photoKey } from '../accounts';
import {
  MESSAGE_COLUMNS,
  MESSAGE_FROM,
  toGift,
  toMessage,
  type ChatPhotosService,
  type GiftsService,
  type MessageRow,
  type MessagesService,
} from '../chat';
import type { SitesService } from '../sites';
import { mediaUrl } from '../members';

/** The queue's condition: the index `conversations_fictional_waiting_idx` (migration 0010) covers it. */
const WAITING = `c.fictional_id IS NOT NULL AND c.last_sender_id IS DISTINCT FROM c.fictional_id
  AND c.last_sender_id IS NOT NULL`;

const iso = (v: Date | string) => new Date(v).toISOString();

export interface QueueDeps {
  db: Db;
  raw: RawDb;
  sites: SitesService;
  messages: MessagesService;
  gifts: GiftsService;
  chatPhotos: ChatPhotosService;
  storage: ObjectStorage;
}

interface ClaimRow {
  staff_id: number;
  staff_name: string;
  expires_at: Date | string;
}
const toClaim = (r: ClaimRow | undefined | null, me: number): StaffClaim | null =>
  r && r.staff_id !== null && new Date(r.expires_at).getTime() > Date.now()
    ? {
        staff: { id: r.staff_id, name: r.staff_name },
        expires_at: iso(r.expires_at),
        mine: r.staff_id === me,
      }
    : null;

/**
 * The reply queue (issue 14 item 2): conversations whose last message is the member's, oldest first; a claim per
 * conversation (the `staff_claims` primary key) so two operators never answer the same one; replies go through
 * the chat's own send path as the fictional profile, so the member gets them live like any message.
 */
export function createStaffQueue(deps: QueueDeps) {
  const { db } = deps;

  /** The conversation's two sides, or 404 when it is not a conversation with a fictional profile. */
  async function sides(conversationId: number) {
    const row = await first<{
      id: number;
      fictional_id: number;
      member_id: number;
      site_id: number;
      language: string;
      waiting: boolean;
    }>(
      db,
      sql`SELECT c.id, c.fictional_id, CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END AS member_id,
                 u.site_id, u.language, (${sql.raw(WAITING)}) AS waiting
          FROM conversations c JOIN users u ON u.id = CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END
          WHERE c.id = ${conversationId} AND c.fictional_id IS NOT NULL`,
    );
    if (!row) throw notFound();
    return row;
  }

  /** Takes (or renews) the claim when free, expired or mine; null when another operator holds it. */
  async function takeClaim(conversationId: number, staffId: number) {
    return first<{ expires_at: Date | string }>(
      db,
      sql`INSERT INTO staff_claims (conversation_id, staff_id, expires_at)
          VALUES (${conversationId}, ${staffId}, now() + make_interval(mins => ${QUEUE_CLAIM_MINUTES}))
          ON CONFLICT (conversation_id) DO UPDATE SET staff_id = EXCLUDED.staff_id, expires_at = EXCLUDED.expires_at
            WHERE staff_claims.expires_at <= now() OR staff_claims.staff_id = EXCLUDED.staff_id
          RETURNING expires_at`,
    );
  }

  async function claimOf(conversationId: number, me: number): Promise<StaffClaim | null> {
    const row = await first<ClaimRow>(
      db,
      sql`SELECT sc.staff_id, a.name AS staff_name, sc.expires_at FROM staff_claims sc
          JOIN staff_accounts a ON a.id = sc.staff_id WHERE sc.conversation_id = ${conversationId}`,
    );
    return toClaim(row, me);
  }

  return {
    async list(q: StaffQueueQuery, me: number): Promise<StaffQueueResponse> {
      const limit = Math.min(q.limit ?? 50, 100);
      const site = q.site ?? null;
      const locale = q.locale ?? null;
      const found = await rows<{
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
      }>(
        db,
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
      const total = await first<{ n: string | number }>(
        db,
        sql`SELECT count(*) AS n FROM conversations c
            JOIN users mu ON mu.id = CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END
            WHERE ${sql.raw(WAITING)} AND mu.status <> 'deleted'
              AND (${site}::int IS NULL OR mu.site_id = ${site}) AND (${locale}::text IS NULL OR mu.language = ${locale})`,
      );
      const sites = new Map((await deps.sites.all()).map((s) => [s.id, s]));
      return {
        total: Number(total?.n ?? 0),
        items: found.map((r) => {
          const s = sites.get(r.site_id);
          return {
            conversation: r.id,
            site: { id: r.site_id, name: s?.name ?? '', host: s?.host ?? '' },
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
                ? toClaim(
                    { staff_id: r.staff_id, staff_name: r.staff_name ?? '', expires_at: r.expires_at },
                    me,
                  )
                : null,
          };
        }),
      };
    },

    /**
     * One atomic statement decides: the claim row is inserted, or updated only when expired or already mine.
     * Without a conversation: the oldest waiting one nobody holds (SKIP LOCKED: parallel claims take different
     * ones); a lost race answers as "nothing waiting" after a few tries.
     */
    async claim(input: StaffClaimRequest, me: number): Promise<StaffClaimResponse> {
      if (input.conversation !== undefined) {
        const c = await sides(input.conversation);
        if (!c.waiting) throw notFound();
        const taken = await takeClaim(c.id, me);
        if (!taken) throw new ApiError(409, 'claim_taken');
        return { conversation: c.id, expires_at: iso(taken.expires_at) };
      }
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await first<{ conversation_id: number; expires_at: Date | string }>(
          db,
          sql`WITH pick AS (
                SELECT c.id FROM conversations c
                JOIN users mu ON mu.id = CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END
                LEFT JOIN staff_claims sc ON sc.conversation_id = c.id
                WHERE ${sql.raw(WAITING)} AND mu.status <> 'deleted'
                  AND (sc.conversation_id IS NULL OR sc.expires_at <= now() OR sc.staff_id = ${me})
                  AND (${input.site ?? null}::int IS NULL OR mu.site_id = ${input.site ?? null})
                  AND (${input.locale ?? null}::text IS NULL OR mu.language = ${input.locale ?? null})
                ORDER BY c.updated_at, c.id LIMIT 1
                FOR UPDATE OF c SKIP LOCKED)
              INSERT INTO staff_claims (conversation_id, staff_id, expires_at)
              SELECT id, ${me}, now() + make_interval(mins => ${QUEUE_CLAIM_MINUTES}) FROM pick
              ON CONFLICT (conversation_id) DO UPDATE SET staff_id = EXCLUDED.staff_id, expires_at = EXCLUDED.expires_at
                WHERE staff_claims.expires_at <= now() OR staff_claims.staff_id = EXCLUDED.staff_id
              RETURNING conversation_id, expires_at`,
        );
        if (row) return { conversation: row.conversation_id, expires_at: iso(row.expires_at) };
        const any = await first<{ n: number }>(
          db,
          sql`SELECT 1 AS n FROM conversations c LEFT JOIN staff_claims sc ON sc.conversation_id = c.id
              WHERE ${sql.raw(WAITING)} AND (sc.conversation_id IS NULL OR sc.expires_at <= now()) LIMIT 1`,
        );
        if (!any) break;
      }
      throw notFound();
    },

    /** Gives my claim up (someone else's stays). */
    async release(conversationId: number, me: number): Promise<boolean> {
      const row = await first<{ conversation_id: number }>(
        db,
        sql`DELETE FROM staff_claims WHERE conversation_id = ${conversationId} AND staff_id = ${me}
            RETURNING conversation_id`,
      );
      return Boolean(row);
    },

    async conversation(conversationId: number, me: number): Promise<StaffConversation> {
      const c = await sides(conversationId);
      const site = await deps.sites.byId(c.site_id);
      const locale: Locale = isLocale(c.language) ? c.language : 'nl';
      const people = await rows<{
        id: number;
        name: string;
        gender: string | null;
        date_of_birth: string | null;
        country: string | null;
        city: string | null;
        about: string | null;
        thumb: string | null;
        signup_date: Date | string;
        paid_user: boolean;
      }>(
        db,
        sql`SELECT u.id, p.name, p.gender, p.date_of_birth::text AS date_of_birth, p.country, p.city, p.about,
                   ph.thumb_filename AS thumb, u.signup_date, u.paid_user
            FROM users u JOIN profiles p ON p.user_id = u.id LEFT JOIN photos ph ON ph.id = p.main_photo_id
            WHERE u.id IN (${c.member_id}, ${c.fictional_id})`,
      );
      const member = people.find((p) => p.id === c.member_id);
      const fictional = people.find((p) => p.id === c.fictional_id);
      if (!member || !fictional) throw notFound();
      const album = await rows<{ id: number; filename: string; thumb_filename: string }>(
        db,
        sql`SELECT id, filename, thumb_filename FROM photos WHERE user_id = ${c.fictional_id} AND status = 'active'
            ORDER BY position, id`,
      );
      const history = await deps.raw.query<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT $2`,
        [c.id, STAFF_HISTORY_LIMIT],
      );
      const giftRows = await deps.gifts.list();
      const giftCredits = site?.baseSettings.gift_credits ?? 0;
      const ctx = {
        viewer: c.fictional_id,
        locale,
        giftCredits,
        gifts: new Map(giftRows.map((g) => [g.id, g])),
      };
      const age = (dob: string | null) =>
        dob ? Math.floor((Date.now() - new Date(dob).getTime()) / (365.25 * 86_400_000)) : null;
      return {
        conversation: c.id,
        site: { id: c.site_id, name: site?.name ?? '', host: site?.host ?? '' },
        member: {
          id: member.id,
          name: member.name,
          thumb_url: member.thumb ? mediaUrl(member.thumb) : null,
          age: age(member.date_of_birth),
          gender: member.gender,
          country: member.country,
          city: member.city,
          about: member.about,
          locale,
          signup_date: iso(member.signup_date),
          paid_user: member.paid_user,
        },
        fictional: {
          id: fictional.id,
          name: fictional.name,
          thumb_url: fictional.thumb ? mediaUrl(fictional.thumb) : null,
          about: fictional.about,
          album: album.map((p) => ({
            id: p.id,
            url: mediaUrl(p.filename),
            thumb_url: mediaUrl(p.thumb_filename),
          })),
        },
        messages: history.reverse().map((row) => {
          const message = toMessage(row, ctx);
          if (!message.photo) return message;
          const url = `${staffPath('chatPhoto', c.id)}?photo=${message.photo.id}`;
          return { ...message, photo: { ...message.photo, url, thumb_url: `${url}&size=thumb` } };
        }),
        gifts: giftRows.map((g) => toGift(g, locale, giftCredits)),
        claim: await claimOf(c.id, me),
      };
    },

    /**
     * Sends as the fictional profile through `messages.send` (the member's live channel, counters and chat list
     * follow as for any message); fictional profiles pay nothing. Needs my claim, which the reply renews.
     */
    async reply(
      conversationId: number,
      me: number,
      input: StaffReplyRequest,
      meName = '',
    ): Promise<StaffReplyResponse> {
      const c = await sides(conversationId);
      const held = await first<{ staff_id: number }>(
        db,
        sql`SELECT staff_id FROM staff_claims WHERE conversation_id = ${c.id} AND staff_id = ${me} AND expires_at > now()`,
      );
      if (!held) throw new ApiError(409, 'claim_expired');
      const site = await deps.sites.byId(c.site_id);
      if (!site) throw notFound();
      let photoId: number | undefined;
      if (input.type === 'photo') {
        if (input.album_photo_id === undefined)
          throw new ApiError(400, 'validation', { field: 'album_photo_id' }, 'album_photo_id');
        const photo = await first<{ filename: string }>(
          db,
          sql`SELECT filename FROM photos WHERE id = ${input.album_photo_id} AND user_id = ${c.fictional_id} AND status = 'active'`,
        );
        if (!photo) throw new ApiError(404, 'not_found', { field: 'album_photo_id' }, 'album_photo_id');
        const bytes = await readObject(deps.storage, photoKey(photo.filename));
        if (!bytes) throw new ApiError(404, 'not_found', { field: 'album_photo_id' }, 'album_photo_id');
        photoId = (await deps.chatPhotos.upload(c.fictional_id, bytes)).id;
      }
      const fictionalLanguage = await first<{ language: string }>(
        db,
        sql`SELECT language FROM users WHERE id = ${c.fictional_id}`,
      );
      const sent = await deps.messages.send(
        {
          id: c.fictional_id,
          siteId: c.site_id,
          language: isLocale(fictionalLanguage?.language) ? fictionalLanguage.language : 'nl',
        },
        {
          niche: site.niche,
          message_credits: 0,
          photo_credits: 0,
          gift_credits: 0,
          message_length: site.baseSettings.message_length,
        },
        {
          conversation: c.id,
          client_id: input.client_id,
          type: input.type,
          ...(input.text !== undefined ? { text: input.text } : {}),
          ...(input.gift_id !== undefined ? { gift_id: input.gift_id } : {}),
          ...(photoId !== undefined ? { photo_id: photoId } : {}),
        },
      );
      const renewed = await takeClaim(c.id, me);
      return {
        message: sent.message,
        claim: {
          staff: { id: me, name: meName },
          expires_at: iso(renewed?.expires_at ?? new Date()),
          mine: true,
        },
      };
    },

    /** The storage key of a photo sent in this conversation (by either side), or null. */
    async chatPhoto(conversationId: number, photoId: number, thumb: boolean): Promise<string | null> {
      const c = await sides(conversationId);
      const sent = await first<{ id: number }>(
        db,
        sql`SELECT id FROM messages WHERE conversation_id = ${c.id} AND photo_id = ${photoId} LIMIT 1`,
      );
      // The fictional profile is one of the conversation's two members: the chat's own access rule applies.
      return sent ? deps.chatPhotos.keyFor(c.fictional_id, photoId, thumb) : null;
    },

    /** For the audit: whose conversation. */
    sides,
  };
}
export type StaffQueue = ReturnType<typeof createStaffQueue>;
