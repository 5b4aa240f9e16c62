// `POST /api/messages.php`, step by step: checked and priced (send-prepare.ts), written by one statement
// (send-one-statement.ts) or, when that cannot decide, by a transaction (send-transaction.ts), then announced
// (send-announce.ts). A retried send whose client id is stored already is answered with that message.
import type { SendMessageResponse } from '@dating/shared/contract/index';
import { ApiError, notFound } from '../../../lib/errors';
import { isoSql, toChatEntry, toMessage, type MessageRow } from '../message-views';
import {
  partnerOf,
  type ConversationRow,
  type Costs,
  type MessagesContext,
  type Sender,
  type SendInput,
} from './context';
import { announceSend } from './send-announce';
import { AlreadyStored, type PreparedSend } from './send-common';
import { createOneStatementSend } from './send-one-statement';
import { prepareSend } from './send-prepare';
import { sendInTransaction } from './send-transaction';

/** The stored message of this client id as the sender sees it, with the state around it. */
async function answerStored(
  ctx: MessagesContext,
  sender: Sender,
  costs: Costs,
  row: MessageRow,
): Promise<SendMessageResponse> {
  const { deps } = ctx;
  const view = await ctx.viewContext(
    sender.id,
    sender.language ?? (await ctx.languageOf(sender.id)),
    costs.gift_credits,
  );
  const message = toMessage(row, view);
  const [conv] = await deps.raw.query<
    ConversationRow & { updated_at: string; unread_a: number; unread_b: number }
  >(
    `SELECT id, user_a, user_b, started_by, ${isoSql('updated_at')} AS updated_at, unread_a, unread_b
     FROM conversations WHERE id = $1`,
    [row.conversation_id],
  );
  if (!conv) throw notFound();
  const partnerId = partnerOf(conv, sender.id);
  const partner = (await deps.profiles.getMany([partnerId])).get(partnerId);
  if (!partner) throw new ApiError(410, 'member_unavailable');
  const unread = conv.user_a === sender.id ? conv.unread_a : conv.unread_b;
  return {
    message,
    chat: toChatEntry({ id: conv.id, updated_at: conv.updated_at }, partner, unread, message),
    credits: await deps.credits.balance(sender.id),
  };
}

/** A retried send: this client id is stored already, so the answer is that message (one message, one debit). */
async function answerRetried(
  ctx: MessagesContext,
  sender: Sender,
  costs: Costs,
  p: PreparedSend,
  err: AlreadyStored,
): Promise<SendMessageResponse> {
  const row = await ctx.messageRow(
    'm.sender_id = $1 AND m.client_id = $2',
    [p.me, p.client_id],
    'message_by_client_id',
  );
  if (!row) throw err;
  return answerStored(ctx, sender, costs, row);
}

/**
 * Stored, paid and acknowledged in one transaction: the message row, the ledger row and the balance commit
 * together or not at all. The sender's advisory lock and user row are locked first, so a member's sends run one
 * after another: the free chat limit is counted under that lock, and a second send with the same client id finds
 * the first one stored and answers it (one message, one debit). Usually one statement; a free member starting a
 * conversation, or a deadlock victim, goes through the two-statement transaction.
 */
export function createSend(ctx: MessagesContext) {
  const sendInOneStatement = createOneStatementSend(ctx);
  return async function send(sender: Sender, costs: Costs, input: SendInput): Promise<SendMessageResponse> {
    const p = await prepareSend(ctx, sender, costs, input);
    let stored;
    try {
      stored = (await sendInOneStatement(p)) ?? (await sendInTransaction(ctx, p));
    } catch (err) {
      if (!(err instanceof AlreadyStored)) throw err;
      return answerRetried(ctx, sender, costs, p, err);
    }
    return announceSend(ctx, sender, costs, p, stored);
  };
}
