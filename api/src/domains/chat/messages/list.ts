// One page of a conversation's messages (`GET /api/messages.php`).
import { MESSAGES_MAX_PAGE_SIZE, type MessagesResponse } from '@dating/shared/contract/chats';
import { MESSAGE_COLUMNS, MESSAGE_FROM, toMessage, type MessageRow } from '../message-views';
import { localeOr, partnerOf, type MessagesContext } from './context';
import { markRead } from './read';

export const PAGE_SIZE = 30;

export interface PageRef {
  conversation?: number;
  member?: number;
  before?: number;
  limit?: number;
}

/** One page, newest first in SQL (index messages_conversation_idx), oldest first out. */
export async function page(
  ctx: MessagesContext,
  me: number,
  giftCredits: number,
  ref: PageRef,
): Promise<MessagesResponse> {
  const conversation = await ctx.myConversation(me, ref);
  const profile = await ctx.visiblePartner(me, partnerOf(conversation, me));
  // Only the newest page means "I am reading this conversation now".
  if (ref.before === undefined) await markRead(ctx, me, conversation);
  const limit = Math.min(ref.limit ?? PAGE_SIZE, MESSAGES_MAX_PAGE_SIZE);
  const found = await ctx.deps.raw.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM}
     WHERE m.conversation_id = $1 AND ($2::int IS NULL OR m.id < $2) ORDER BY m.id DESC LIMIT $3`,
    [conversation.id, ref.before ?? null, limit + 1],
    'messages_page',
  );
  const more = found.length > limit;
  const rows = more ? found.slice(0, limit) : found;
  const view = await ctx.viewContext(me, localeOr(conversation.language), giftCredits);
  return {
    conversation: { id: conversation.id, started_by_me: conversation.started_by === me },
    profile,
    messages: rows.reverse().map((row) => toMessage(row, view)),
    next_cursor: more ? String(rows[0]!.id) : null,
  };
}
