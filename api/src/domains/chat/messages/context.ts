// What the parts of the messages service share (send.ts, list.ts, read.ts): their dependencies, the conversation
// as a member may see it, the message views in a reader's language, and the batched counters after a change.
import type { FastifyBaseLogger } from 'fastify';
import { isLocale } from '@dating/shared/contract/index';
import type { Locale, MessageType, Profile } from '@dating/shared/contract/index';
import type { Db, RawDb } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import type { LiveHub, OfflineHint } from '../../../lib/live';
import type { BlockedService, ProfileCache } from '../../members';
import type { CreditsService } from '../../payments';
import type { ChatPhotosService } from '../chat-photos';
import type { ChatsService } from '../chats';
import { createCountersBatch, type CountersService } from '../counters';
import type { GiftRow, GiftsService } from '../gifts';
import { MESSAGE_COLUMNS, MESSAGE_FROM, type MessageRow, type ViewContext } from '../message-views';

export interface MessagesDeps {
  db: Db;
  raw: RawDb;
  credits: CreditsService;
  chats: ChatsService;
  profiles: ProfileCache;
  blocked: BlockedService;
  gifts: GiftsService;
  photos: ChatPhotosService;
  counters: CountersService;
  live: LiveHub;
  /** The offline notifier, told what a send read about a partner with no open page (optional: tests). */
  offline?: OfflineHint;
  log: FastifyBaseLogger;
}

export interface Sender {
  id: number;
  siteId: number;
  /** The sender's language (gift names in the answer); read with the send when not given. */
  language?: Locale;
}
export interface Costs {
  /** The site's niche: whom the site shows (members/site-scope.ts); general when absent. */
  niche?: number;
  message_credits: number;
  photo_credits: number;
  gift_credits: number;
  message_length: number;
}
export interface SendInput {
  conversation?: number;
  member?: number;
  client_id: string;
  type: MessageType;
  text?: string;
  gift_id?: number;
  photo_id?: number;
}

export interface ConversationRow {
  id: number;
  user_a: number;
  user_b: number;
  started_by: number;
}

export const partnerOf = (c: { user_a: number; user_b: number }, me: number) =>
  c.user_a === me ? c.user_b : c.user_a;

/** A stored language as a locale: Dutch when it is none (the product's default language). */
export const localeOr = (language: string | null | undefined): Locale =>
  isLocale(language) ? language : 'nl';

export function createMessagesContext(deps: MessagesDeps) {
  const { raw } = deps;
  /** `counters` after sends and reads: batched, and only for members whose open page heard the change. */
  const countersBatch = createCountersBatch(deps.counters, deps.live, deps.log);
  const countersSoon = (userId: number) => countersBatch.soon(userId);

  /** The catalogue by id, built once per catalogue read (twice per send before: the sender's and the partner's). */
  const giftMaps = new WeakMap<readonly GiftRow[], Map<number, GiftRow>>();
  async function viewContext(viewer: number, locale: Locale, giftCredits: number): Promise<ViewContext> {
    const list = await deps.gifts.list();
    let gifts = giftMaps.get(list);
    if (!gifts) giftMaps.set(list, (gifts = new Map(list.map((g) => [g.id, g]))));
    return { viewer, locale, giftCredits, gifts };
  }

  async function messageRow(where: string, params: unknown[], name: string): Promise<MessageRow | undefined> {
    const [row] = await raw.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE ${where}`,
      params,
      name,
    );
    return row;
  }

  /** The partner of a conversation as the viewer may see them: 404 when deleted, blocked or gone. */
  async function visiblePartner(me: number, partnerId: number): Promise<Profile> {
    const [hidden, profiles] = await Promise.all([
      deps.blocked.hiddenFor(me),
      deps.profiles.getMany([partnerId]),
    ]);
    const profile = profiles.get(partnerId);
    if (!profile || hidden.has(partnerId)) throw notFound();
    return profile;
  }

  /** My conversation, with my language (the page's gift names: no user row is loaded for a page, ADR 0031). */
  async function myConversation(
    me: number,
    ref: { conversation?: number; member?: number },
  ): Promise<ConversationRow & { language: string }> {
    let row: (ConversationRow & { language: string }) | undefined;
    if (ref.conversation !== undefined) {
      [row] = await raw.query<ConversationRow & { language: string }>(
        `SELECT c.id, c.user_a, c.user_b, c.started_by, u.language FROM conversations c JOIN users u ON u.id = $2
         WHERE c.id = $1 AND ((c.user_a = $2 AND NOT c.deleted_by_a) OR (c.user_b = $2 AND NOT c.deleted_by_b))`,
        [ref.conversation, me],
        'conversation_of_member',
      );
    } else if (ref.member !== undefined) {
      const [a, b] = me < ref.member ? [me, ref.member] : [ref.member, me];
      [row] = await raw.query<ConversationRow & { language: string }>(
        `SELECT c.id, c.user_a, c.user_b, c.started_by, u.language FROM conversations c JOIN users u ON u.id = $3
         WHERE c.user_a = $1 AND c.user_b = $2 AND NOT (CASE WHEN c.user_a = $3 THEN c.deleted_by_a ELSE c.deleted_by_b END)`,
        [a, b, me],
        'conversation_of_pair',
      );
    }
    if (!row) throw notFound();
    return row;
  }

  async function languageOf(userId: number): Promise<Locale> {
    const [row] = await raw.query<{ language: string }>('SELECT language FROM users WHERE id = $1', [userId]);
    return localeOr(row?.language);
  }

  return { deps, countersSoon, viewContext, messageRow, visiblePartner, myConversation, languageOf };
}
export type MessagesContext = ReturnType<typeof createMessagesContext>;
