import { sql } from 'drizzle-orm';
import type { ChatEntry, MessageType, Profile } from '@dating/shared/contract/index';
import type { Db, RawDb } from '../../db/client';
import { first } from '../../db/sql';
import { notFound } from '../../lib/errors';
import { TtlMap } from '../../lib/ttl-map';
import { cacheEnabled } from '../../lib/caches';
import { chatsJson } from '../../lib/serialize';
import type { Bus } from '../../lib/bus';
import type { BlockedService, ProfileCache } from '../members';

interface ChatRow {
  conversation_id: number;
  updated_at: string;
  partner_id: number;
  unread: number;
  last_body: string | null;
  last_type: MessageType | null;
  last_sender: number | null;
  last_at: string | null;
}

/** ISO 8601 in UTC with milliseconds, as `Date.toISOString` writes it, made by PostgreSQL (no parsing here). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The member's side of each conversation: unread count and last message are kept on the row by triggers
 * (migration 0004), so this reads the member's conversation rows and one message each by primary key.
 */
const CHATS_SQL = `WITH mine AS (
    SELECT id, updated_at, user_b AS partner_id, unread_a AS unread, last_message_id
      FROM conversations WHERE user_a = $1 AND NOT deleted_by_a
    UNION ALL
    SELECT id, updated_at, user_a, unread_b, last_message_id
      FROM conversations WHERE user_b = $1 AND NOT deleted_by_b)
  SELECT c.id AS conversation_id, ${iso('c.updated_at')} AS updated_at, c.partner_id, c.unread,
    m.body AS last_body, m.type AS last_type, m.sender_id AS last_sender, ${iso('m.created_at')} AS last_at
  FROM mine c LEFT JOIN messages m ON m.id = c.last_message_id
  ORDER BY c.updated_at DESC, c.id DESC`;

/**
 * A select-list item for a statement of a transaction that changes conversations and publishes the change itself
 * (`changed` after its commit): the conversation triggers then do not NOTIFY (migration 0160), so the commit does
 * not queue behind every other notifying commit.
 */
export const PUBLISHED_SQL = `set_config('dating.chats_published', 'on', true)`;

const sameItems = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

const CHANNEL = 'chats_changed';
/** Bounds how stale a list could be if a notification were ever missed without the connection dropping. */
const CACHE_MS = 30_000;
const CACHE_MAX = 20_000;

export function createChatsService(
  db: Db,
  raw: RawDb,
  deps: { profiles: ProfileCache; blocked: BlockedService; bus: Bus },
) {
  /**
   * Members' conversation rows, kept until they change. The app reloads the chat list on every poll (docs/product/calls-and-errors.md),
   * so most polls find nothing new: they are answered from memory. Every change to a conversation, by any writer
   * on any node, drops both members' entries here: a send or a read (chat/messages/) publishes `chats-changed`
   * over the bus after its commit (`changed`), every other writer notifies `chats_changed` at commit
   * (migrations 0005, 0160). While the listening connection or the bus is down, nothing is served from memory.
   */
  const cache = new TtlMap<number, Promise<ChatRow[]>>(CACHE_MS, CACHE_MAX, 'chats');
  let live = false;
  const syncs = new Map<string, () => void>();
  const forget = (ids: Iterable<number>) => {
    for (const id of ids) cache.delete(id);
  };
  deps.bus.subscribe((event) => {
    if (event.type === 'chats-changed') forget(event.userIds);
  });
  deps.bus.onResume(() => cache.clear());
  void raw.listen(CHANNEL, {
    notify(payload) {
      const [schema, a, b] = payload.split(' ');
      if (schema !== raw.schema) return;
      if (a === 'sync') syncs.get(b!)?.();
      else forget([Number(a), Number(b)]);
    },
    lost() {
      live = false;
      cache.clear();
      // Nothing is served from memory now, so whoever waits for notifications need not wait any longer.
      for (const resolve of syncs.values()) resolve();
    },
    ready() {
      cache.clear();
      live = true;
    },
  });

  let unpublished = new Set<number>();
  function publishChanged() {
    const userIds = [...unpublished];
    unpublished = new Set();
    if (userIds.length) deps.bus.publish({ type: 'chats-changed', userIds });
  }

  function rowsOf(me: number): Promise<ChatRow[]> {
    if (!live || !deps.bus.hearing() || !cacheEnabled('chats'))
      return raw.query<ChatRow>(CHATS_SQL, [me], 'chats_list');
    // A read that overlaps a commit: the notification removes its entry, so the next request reads again.
    return cache.remember(me, () => raw.query<ChatRow>(CHATS_SQL, [me], 'chats_list'));
  }

  /** Last answer per rows array (the cached one, until the member's conversations change). */
  const answered = new WeakMap<
    ChatRow[],
    { hidden: ReadonlySet<number>; profiles: readonly Profile[]; bytes: Buffer }
  >();

  async function current(me: number) {
    const [rows, hidden] = await Promise.all([rowsOf(me), deps.blocked.hiddenFor(me)]);
    const shown = hidden.size ? rows.filter((r) => !hidden.has(r.partner_id)) : rows;
    const found = await deps.profiles.getMany(shown.map((r) => r.partner_id));
    const chats: ChatEntry[] = [];
    const profiles: Profile[] = [];
    for (const r of shown) {
      const profile = found.get(r.partner_id);
      if (!profile) continue; // deleted account
      profiles.push(profile);
      chats.push({
        conversation: { id: r.conversation_id, updated_at: r.updated_at },
        profile,
        num_unread_messages: r.unread,
        last_message:
          r.last_type && r.last_at
            ? {
                text: r.last_body,
                type: r.last_type,
                from_me: r.last_sender === me,
                sent_at: r.last_at,
              }
            : null,
      });
    }
    return { rows, hidden, profiles, chats };
  }

  return {
    /**
     * The sum the member's chat list shows as unread, from their conversation rows with unread messages
     * (partner, unread), by the list's own rules: without blocked or deleted partners. For the counters, which read
     * those rows in their own statement instead of the whole list (ADR 0031 addendum).
     */
    async unreadOf(me: number, partners: readonly number[], unread: readonly number[]): Promise<number> {
      if (partners.length === 0) return 0;
      const [hidden, found] = await Promise.all([
        deps.blocked.hiddenFor(me),
        deps.profiles.getMany(partners),
      ]);
      let sum = 0;
      partners.forEach((partner, i) => {
        if (!hidden.has(partner) && found.has(partner)) sum += unread[i]!;
      });
      return sum;
    },

    /** The member's conversations, newest first, without blocked or deleted partners. */
    async list(me: number): Promise<ChatEntry[]> {
      return (await current(me)).chats;
    },

    /**
     * The same as `chats.php` answers it, in bytes. While the member's rows, hidden set and partners' profiles are
     * the very objects of the last answer (all from the caches), its bytes are sent again.
     */
    async listJson(me: number): Promise<Buffer> {
      const { rows, hidden, profiles, chats } = await current(me);
      const last = answered.get(rows);
      if (last && last.hidden === hidden && sameItems(last.profiles, profiles)) return last.bytes;
      const bytes = chatsJson(chats);
      answered.set(rows, { hidden, profiles, bytes });
      return bytes;
    },

    /** Hides a conversation for this member only; 404 unless it is theirs. */
    async remove(me: number, conversationId: number): Promise<void> {
      const row = await first<{ id: number }>(
        db,
        sql`UPDATE conversations SET
              deleted_by_a = CASE WHEN user_a = ${me} THEN TRUE ELSE deleted_by_a END,
              deleted_by_b = CASE WHEN user_b = ${me} THEN TRUE ELSE deleted_by_b END
            WHERE id = ${conversationId} AND (user_a = ${me} OR user_b = ${me}) RETURNING id`,
      );
      if (!row) throw notFound();
      forget([me]);
    },

    /**
     * Drops these members' lists on this node now, for a writer whose member reads the list next (the
     * notification reaches the other nodes, and this one too, a moment after the commit).
     */
    invalidate(...userIds: number[]): void {
      forget(userIds);
    },

    /**
     * After the commit of a writer that did not notify (it set `dating.chats_published`, `PUBLISHED_SQL`):
     * drops these members' lists here and tells the other nodes over the bus.
     */
    changed(...userIds: number[]): void {
      forget(userIds);
      // The other nodes hear one event per event-loop turn for all the sends and reads of that turn (ADR 0031).
      for (const id of userIds) unpublished.add(id);
      if (unpublished.size === userIds.length) setImmediate(publishChanged);
    },

    /** Resolves once every change committed before the call has been heard here (tests, writers' follow-ups). */
    async settled(): Promise<void> {
      if (!live) return;
      const token = Math.random().toString(36).slice(2);
      const heard = new Promise<void>((resolve) => syncs.set(token, resolve));
      await raw.query('SELECT pg_notify($1, $2)', [CHANNEL, `${raw.schema} sync ${token}`]);
      await heard;
      syncs.delete(token);
    },

    /** Finds or creates the conversation between two members (pair stored ordered). */
    async open(me: number, other: number): Promise<number> {
      const [a, b] = me < other ? [me, other] : [other, me];
      const row = await first<{ id: number }>(
        db,
        sql`INSERT INTO conversations (user_a, user_b, started_by) VALUES (${a}, ${b}, ${me})
            ON CONFLICT (user_a, user_b) DO UPDATE SET deleted_by_a = FALSE, deleted_by_b = FALSE RETURNING id`,
      );
      forget([a, b]);
      return row!.id;
    },
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;
