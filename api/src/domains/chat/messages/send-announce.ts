// The last step of a send, after the commit: the sender's answer, and the live events to both members
// (docs/adr/0008-live-channel.md).
import type { SendMessageResponse } from '@dating/shared/contract/index';
import { toChatEntry, toMessage, type MessageRow } from '../message-views';
import { localeOr, type Costs, type MessagesContext, type Sender } from './context';
import type { PreparedSend, StoredSend } from './send-common';

/** The stored message as a row of the message views (message-views.ts), without reading it back. */
function storedRow(p: PreparedSend, stored: StoredSend): MessageRow {
  return {
    id: stored.id,
    conversation_id: stored.conversation.id,
    sender_id: p.me,
    client_id: p.client_id,
    type: p.type,
    body: p.body,
    gift_id: p.giftId,
    photo_id: p.photoId,
    photo_width: p.photo?.width ?? null,
    photo_height: p.photo?.height ?? null,
    sent_at: stored.sent_at,
    read_at: null,
  };
}

export async function announceSend(
  ctx: MessagesContext,
  sender: Sender,
  costs: Costs,
  p: PreparedSend,
  stored: StoredSend,
): Promise<SendMessageResponse> {
  const { deps } = ctx;
  const { me, partnerId } = p;
  deps.chats.changed(me, partnerId);
  const row = storedRow(p, stored);
  // Everything both events need is loaded first (cached lookups), so that both are published in one synchronous
  // run: the Redis hub sends them to Redis in one write (auto-pipelining), the database log stores them in one
  // append (ADR 0031 addendum).
  const [mine, partnerView, profiles] = await Promise.all([
    ctx.viewContext(me, sender.language ?? localeOr(stored.language), costs.gift_credits),
    ctx.viewContext(partnerId, localeOr(stored.partner_language), costs.gift_credits),
    deps.profiles.getMany([me, partnerId]),
  ]);
  const message = toMessage(row, mine);
  const conversationRef = { id: stored.conversation.id, updated_at: stored.updated_at };
  const partnerProfile = profiles.get(partnerId);
  const meProfile = profiles.get(me);
  const chat = toChatEntry(conversationRef, partnerProfile ?? meProfile!, stored.unread_me, message);
  // My own copy matters only to my open pages (my other tabs); the partner's always goes out: when it
  // reaches no open page, the offline fallback (Web Push) takes it. Except to a fictional profile with no
  // open page: nobody is notified for one (offline.ts), and unheard the event would only cost the offline
  // notifier a query to find that out (staff answer from the reply queue). Counters (a batched statement)
  // go only to members whose open page the message event reached, on whichever node (the hub says so).
  if (deps.live.reachable(me)) {
    deps.live.publish(
      me,
      { type: 'message', conversation: conversationRef.id, message, chat },
      ctx.countersSoon,
    );
  }
  if (meProfile && !(partnerProfile?.fictional && !deps.live.reachable(partnerId))) {
    const theirs = toMessage(row, partnerView);
    const theirChat = toChatEntry(conversationRef, meProfile, stored.unread_partner, theirs);
    const event = {
      type: 'message' as const,
      conversation: conversationRef.id,
      message: theirs,
      chat: theirChat,
    };
    // Read with the send when the partner had no open page here: no lookup if the event reaches nobody.
    if (stored.away) deps.offline?.expect(event, stored.away);
    deps.live.publish(partnerId, event, ctx.countersSoon);
  }
  return { message, chat, credits: stored.balance };
}
