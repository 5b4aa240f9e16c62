// The messages of a conversation (chat domain): send (send.ts and its steps), one page of a conversation (list.ts),
// read and typing (read.ts). Deleting is per conversation, in chats.ts.
import type { MessagesResponse, SendMessageResponse } from '@dating/shared/contract/index';
import { createMessagesContext, type Costs, type MessagesDeps, type Sender, type SendInput } from './context';
import { page, type PageRef } from './list';
import { read, typing } from './read';
import { createSend } from './send';

export type { Costs, MessagesDeps, Sender, SendInput } from './context';
export { PAGE_SIZE } from './list';

export function createMessagesService(deps: MessagesDeps) {
  const ctx = createMessagesContext(deps);
  const send = createSend(ctx);
  return {
    /** `GET /api/messages.php`: one page, newest first in SQL (index messages_conversation_idx), oldest first out. */
    page: (me: number, giftCredits: number, ref: PageRef): Promise<MessagesResponse> =>
      page(ctx, me, giftCredits, ref),
    /** `PUT /api/messages.php`: read while open. */
    read: (me: number, conversationId: number): Promise<number | null> => read(ctx, me, conversationId),
    /** `POST /api/typing.php`: tells the partner, nothing stored. */
    typing: (me: number, conversationId: number): Promise<void> => typing(ctx, me, conversationId),
    /** `POST /api/messages.php` (send.ts). */
    send: (sender: Sender, costs: Costs, input: SendInput): Promise<SendMessageResponse> =>
      send(sender, costs, input),
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
