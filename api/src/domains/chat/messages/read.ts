// Reading a conversation: its messages marked read (the partner's read receipt, my other tabs' counters), and the
// typing signal, which is stored nowhere.
import { notFound } from '../../../lib/errors';
import { PUBLISHED_SQL } from '../chats';
import { isoSql } from '../message-views';
import { partnerOf, type ConversationRow, type MessagesContext } from './context';

/** Marks the partner's messages read; tells the partner (read receipt) and my other tabs (counters). */
export async function markRead(
  ctx: MessagesContext,
  me: number,
  conversation: ConversationRow,
): Promise<number | null> {
  const { deps } = ctx;
  const found = await deps.raw.query<{ up_to: number | null; read_at: string | null }>(
    `WITH done AS (UPDATE messages SET read_at = now()
                   WHERE conversation_id = $1 AND sender_id <> $2 AND read_at IS NULL RETURNING id, read_at)
     SELECT max(id) AS up_to, ${isoSql('max(read_at)')} AS read_at, ${PUBLISHED_SQL} AS published FROM done`,
    [conversation.id, me],
    'messages_mark_read',
  );
  const upTo = found[0]?.up_to ?? null;
  if (upTo === null) return null;
  deps.chats.changed(me, partnerOf(conversation, me));
  deps.live.publish(partnerOf(conversation, me), {
    type: 'read',
    conversation: conversation.id,
    up_to: upTo,
    read_at: found[0]!.read_at!,
  });
  // My other tabs' badges; on one node only when I have an open page at all.
  if (deps.live.reachable(me)) ctx.countersSoon(me);
  return upTo;
}

/** `PUT /api/messages.php`: read while open. */
export async function read(ctx: MessagesContext, me: number, conversationId: number): Promise<number | null> {
  const conversation = await ctx.myConversation(me, { conversation: conversationId });
  return markRead(ctx, me, conversation);
}

/** `POST /api/typing.php`: tells the partner, nothing stored. */
export async function typing(ctx: MessagesContext, me: number, conversationId: number): Promise<void> {
  const conversation = await ctx.myConversation(me, { conversation: conversationId });
  const partner = partnerOf(conversation, me);
  if ((await ctx.deps.blocked.hiddenFor(me)).has(partner)) throw notFound();
  ctx.deps.live.publish(partner, { type: 'typing', conversation: conversation.id, member: me });
}
