import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent, Locale, NotificationType } from '@dating/shared/contract/index';
import type { Db } from '../../db/client';
import { defineQuery, many, pg, type RowOf } from '../../db/typed';
import type { OfflineMemberRow } from '../../lib/live';
import type { MailService, MailTemplate } from '../../lib/mail';
import type { PushPayload, PushService } from '../../lib/push';
import type { SitesService } from '../sites';
import { unsubscribeToken } from '../accounts';
import { pushText } from './push-texts';

/** One new-message mail per conversation per hour at most: a chat is not one mail per line. */
export const MESSAGE_MAIL_INTERVAL = '1 hour';

/** The intervals of the mail marks in milliseconds (`claimOnce`); a mark of another interval is not remembered. */
const INTERVAL_MS: Record<string, number> = { [MESSAGE_MAIL_INTERVAL]: 3_600_000, '100 years': Infinity };
const MAX_REMEMBERED_CLAIMS = 100_000;

/** The member an undelivered event is for, as far as notifying them goes. */
export interface OfflineMember {
  id: number;
  site_id: number;
  email: string | null;
  name: string | null;
  language: string;
  status: string;
  fictional: boolean;
  has_push: boolean;
  prefs: Record<'new_conversations' | 'new_messages' | 'like', boolean>;
}

export interface OfflineDecision {
  preference: NotificationType;
  push: PushPayload | null;
  /** The mail and its throttle mark (kind, key, minimum interval since the last one of the same mark). */
  mail: {
    template: MailTemplate;
    params: Record<string, string>;
    kind: string;
    key: string;
    every: string;
  } | null;
}

const excerpt = (text: string | null) =>
  text && text.length > 120 ? `${text.slice(0, 119)}…` : (text ?? '');

/**
 * What a member with no open connection anywhere gets for an event (docs/adr/0008-live-channel.md): a Web Push when subscribed
 * and a mail, each only when the preference allows it. Messages from me (another tab of mine), read receipts,
 * typing and counters notify nobody. Pure: the caller loads the member and whether the conversation is new.
 */
export function decideOffline(
  event: LiveEvent,
  member: OfflineMember,
  newConversation: boolean,
): OfflineDecision | null {
  if (member.status === 'deleted' || member.fictional) return null;
  const lng = member.language;
  if (event.type === 'message') {
    if (event.message.from_me) return null;
    const preference = newConversation ? 'new_conversations' : 'new_messages';
    if (!member.prefs[preference]) return null;
    const from = event.chat.profile.name;
    const body =
      event.message.type === 'gift'
        ? pushText(lng, 'gift', { name: from })
        : event.message.type === 'photo'
          ? pushText(lng, 'photo', { name: from })
          : excerpt(event.message.text);
    const path = `/chats/${event.conversation}`;
    return {
      preference,
      push: member.has_push
        ? {
            title: pushText(lng, 'message', { name: from }),
            body,
            url: path,
            tag: `chat-${event.conversation}`,
            kind: 'message',
          }
        : null,
      mail: newConversation
        ? {
            template: 'new_conversation',
            params: { from_name: from, path },
            kind: 'conversation',
            key: String(event.conversation),
            every: '100 years',
          }
        : {
            template: 'new_message',
            params: { from_name: from, path },
            kind: 'message',
            key: String(event.conversation),
            every: MESSAGE_MAIL_INTERVAL,
          },
    };
  }
  if (event.type === 'like' || event.type === 'match') {
    if (!member.prefs.like) return null;
    const name = event.profile.name;
    const like = event.type === 'like';
    const path = like ? `/likes/m/${event.profile.id}` : `/members/${event.profile.id}`;
    return {
      preference: 'like',
      push: member.has_push
        ? {
            title: pushText(lng, like ? 'like' : 'match', { name }),
            body: pushText(lng, like ? 'likeBody' : 'matchBody', { name }),
            url: path,
            tag: `${event.type}-${event.profile.id}`,
            kind: 'like',
          }
        : null,
      // One mail per member who likes me, ever (a like, unlike, like again is not three mails); a match is
      // told by push and on the site.
      mail: like
        ? {
            template: 'like',
            params: { from_name: name, path },
            kind: 'like',
            key: String(event.profile.id),
            every: '100 years',
          }
        : null,
    };
  }
  return null;
}

/**
 * The members, and for a message whether its conversation is new (this is its only message: two rows answer that,
 * however long the conversation is; conversation 0 for another event), in one statement for every unheard event
 * asked about while the previous lookup ran: a round trip per batch, not per unheard send (ADR 0031 addendum). A
 * named statement (ADR 0040), so neither Drizzle builds it nor PostgreSQL parses and plans it each time. `o` is the
 * place of the question in the batch.
 */
const membersQuery = defineQuery({
  name: 'offline_members',
  text: `SELECT q.o::int AS o, u.id, u.site_id, u.email, u.language, u.status, u.fictional, p.name,
         CASE WHEN q.c = 0 THEN 0 ELSE
           (SELECT count(*)::int FROM (SELECT 1 FROM messages WHERE conversation_id = q.c LIMIT 2) m)
         END AS conversation_messages,
         EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = u.id) AS has_push,
         coalesce(np.new_conversations, true) AS new_conversations,
         coalesce(np.new_messages, true) AS new_messages,
         coalesce(np."like", true) AS "like"
  FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS q (u, c, o)
  JOIN users u ON u.id = q.u
  LEFT JOIN profiles p ON p.user_id = u.id
  LEFT JOIN notification_preferences np ON np.user_id = u.id`,
  params: [pg.intArray, pg.intArray],
  columns: {
    o: pg.int,
    id: pg.int,
    site_id: pg.int,
    email: pg.text.nullable(),
    language: pg.text,
    status: pg.text,
    fictional: pg.bool,
    name: pg.text.nullable(),
    conversation_messages: pg.int,
    has_push: pg.bool,
    new_conversations: pg.bool,
    new_messages: pg.bool,
    like: pg.bool,
  },
});
type MemberRow = RowOf<(typeof membersQuery)['columns']>;

/**
 * Claims a mail mark: the row comes back only when it is new or its interval (`every`, text such as '1 hour') has
 * passed since the last claim.
 */
const claimMarkQuery = defineQuery({
  name: 'notification_mark_claim',
  text: `INSERT INTO notification_marks (user_id, kind, key, ref, sent_at) VALUES ($1, $2, $3, $4, now())
        ON CONFLICT (user_id, kind, key) DO UPDATE SET sent_at = now(), ref = EXCLUDED.ref
        WHERE notification_marks.sent_at < now() - $5::text::interval
        RETURNING user_id`,
  params: [pg.int, pg.text, pg.text, pg.bigint.nullable(), pg.text],
  columns: { user_id: pg.int },
});

/** Claims a mail mark; true for exactly one caller per interval, whatever the number of nodes. */
export async function claimMark(
  db: Db,
  userId: number,
  kind: string,
  key: string,
  every: string,
  ref: number | null = null,
) {
  const rows = await many(db, claimMarkQuery, userId, kind, key, ref, every);
  return rows.length > 0;
}

/** Sends one notification mail with the member's List-Unsubscribe link. */
export async function mailMember(
  deps: { db: Db; mail: MailService; sites: SitesService },
  member: { id: number; site_id: number; email: string; name: string | null; language: string },
  template: MailTemplate,
  params: Record<string, string | number> & { path: string },
) {
  const site = await deps.sites.byId(member.site_id);
  if (!site) throw new Error(`unknown site ${member.site_id}`);
  // The site's configured origin (docs/adr/0035), never an address a request named.
  const origin = site.publicOrigin;
  const token = await unsubscribeToken(deps.db, member.id);
  const { path, ...rest } = params;
  await deps.mail.send({
    to: member.email,
    template,
    locale: member.language as Locale,
    siteId: member.site_id,
    params: { ...(member.name ? { name: member.name } : {}), ...rest, link: `${origin}${path}` },
    unsubscribeUrl: `${origin}/api/unsubscribe.php?token=${encodeURIComponent(token)}`,
  });
}

/**
 * The hub's undelivered handler: an event that reached no open connection on any node becomes a Web Push and/or
 * a mail. Runs after the publish, never in the writer's request; failures are logged (the data is stored, and the
 * member sees it on the next visit).
 */
export function createOfflineNotifier(deps: {
  db: Db;
  push: PushService;
  mail: MailService;
  sites: SitesService;
  log: FastifyBaseLogger;
}) {
  /**
   * Marks this node claimed, until their interval is over: a conversation going on while the partner is away
   * would otherwise write the same refused claim on every message (a statement per send, ADR 0031). Only this
   * node's own successful claims are remembered, so the answer is the one the database would give.
   */
  const claimed = new Map<string, number>();
  async function claimOnce(userId: number, mail: NonNullable<OfflineDecision['mail']>): Promise<boolean> {
    const mark = `${userId} ${mail.kind} ${mail.key}`;
    if ((claimed.get(mark) ?? 0) > Date.now()) return false;
    if (!(await claimMark(deps.db, userId, mail.kind, mail.key, mail.every))) return false;
    const ms = INTERVAL_MS[mail.every];
    if (ms !== undefined) {
      if (claimed.size >= MAX_REMEMBERED_CLAIMS) claimed.clear();
      claimed.set(mark, Date.now() + ms);
    }
    return true;
  }

  /**
   * The member lookups: the first one runs at once; those asked while it runs wait for it and then go together in
   * one statement (as the database live log's appends do), so a burst of sends to members away costs a statement
   * per batch, not per send.
   */
  type Question = {
    userId: number;
    conversation: number;
    answer: (row: MemberRow | undefined) => void;
    fail: (err: unknown) => void;
  };
  let asked: Question[] = [];
  let running = false;
  async function lookUp(): Promise<void> {
    running = true;
    while (asked.length > 0) {
      const batch = asked;
      asked = [];
      try {
        const rows = await many(
          deps.db,
          membersQuery,
          batch.map((q) => q.userId),
          batch.map((q) => q.conversation),
        );
        const byPlace = new Map(rows.map((row) => [row.o, row]));
        batch.forEach((q, i) => q.answer(byPlace.get(i + 1)));
      } catch (err) {
        for (const q of batch) q.fail(err);
      }
    }
    running = false;
  }
  function memberOf(userId: number, conversation: number): Promise<MemberRow | undefined> {
    return new Promise((answer, fail) => {
      asked.push({ userId, conversation, answer, fail });
      if (!running) void lookUp();
    });
  }

  /**
   * Members a writer read with its own statement for an event it is about to publish (a send to a member with no
   * open page on this one node reads them with the send: ADR 0031 addendum), so an unheard event costs no lookup.
   */
  const known = new WeakMap<LiveEvent, OfflineMemberRow>();

  async function notify(userId: number, event: LiveEvent): Promise<OfflineDecision | null> {
    if (event.type !== 'message' && event.type !== 'like' && event.type !== 'match') return null;
    if (event.type === 'message' && event.message.from_me) return null;
    const given = known.get(event);
    const row: OfflineMemberRow | undefined =
      given?.id === userId
        ? given
        : await memberOf(userId, event.type === 'message' ? event.conversation : 0);
    if (!row) return null;
    const { conversation_messages: messages, ...rest } = row;
    const member: OfflineMember = {
      ...rest,
      prefs: { new_conversations: row.new_conversations, new_messages: row.new_messages, like: row.like },
    };
    // Nobody to tell (a deleted or fictional member).
    if (member.status === 'deleted' || member.fictional) return null;
    const newConversation = event.type === 'message' && messages <= 1;
    const decision = decideOffline(event, member, newConversation);
    if (!decision) return null;
    if (decision.push) await deps.push.sendToUser(userId, decision.push);
    const { mail } = decision;
    if (mail && member.email && (await claimOnce(userId, mail))) {
      await mailMember(
        deps,
        { ...member, email: member.email },
        mail.template,
        mail.params as { path: string },
      );
    }
    return decision;
  }
  const pending = new Set<Promise<unknown>>();
  return {
    notify,
    /** The member `event` is for, as the writer read them; used if the event reaches no open page. */
    expect(event: LiveEvent, member: OfflineMemberRow): void {
      known.set(event, member);
    },
    /** For the hub: fire and forget, logged. */
    handle(userId: number, event: LiveEvent): void {
      const run = notify(userId, event).catch((err: unknown) =>
        deps.log.warn({ err, userId, type: event.type }, 'offline notification failed'),
      );
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },
    /** Waits for notifications under way (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}
export type OfflineNotifier = ReturnType<typeof createOfflineNotifier>;
