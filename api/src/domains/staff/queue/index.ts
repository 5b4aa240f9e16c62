// The reply queue (docs/adr/0018-staff-back-office.md): conversations whose last message is the member's, oldest first (list.ts); a
// claim per conversation (the `staff_claims` primary key) so two operators never answer the same one (claim.ts);
// the conversation as the operator answers it (conversation.ts); replies go through the chat's own send path as
// the fictional profile, so the member gets them live like any message (reply.ts).
import type {
  StaffClaimRequest,
  StaffClaimResponse,
  StaffConversation,
  StaffQueueQuery,
  StaffQueueResponse,
  StaffReplyRequest,
  StaffReplyResponse,
} from '@dating/shared/contract/staff';
import { claim, release } from './claim';
import { sides, type QueueDeps, type Sides } from './common';
import { queueConversation } from './conversation';
import { listQueue } from './list';
import { chatPhoto, reply } from './reply';

export type { QueueDeps } from './common';

export function createStaffQueue(deps: QueueDeps) {
  return {
    list: (q: StaffQueueQuery, me: number): Promise<StaffQueueResponse> => listQueue(deps, q, me),
    claim: (input: StaffClaimRequest, me: number): Promise<StaffClaimResponse> => claim(deps.db, input, me),
    /** Gives my claim up (someone else's stays). */
    release: (conversationId: number, me: number): Promise<boolean> => release(deps.db, conversationId, me),
    conversation: (conversationId: number, me: number): Promise<StaffConversation> =>
      queueConversation(deps, conversationId, me),
    reply: (
      conversationId: number,
      me: number,
      input: StaffReplyRequest,
      meName = '',
    ): Promise<StaffReplyResponse> => reply(deps, conversationId, me, input, meName),
    /** The storage key of a photo sent in this conversation (by either side), or null. */
    chatPhoto: (conversationId: number, photoId: number, thumb: boolean): Promise<string | null> =>
      chatPhoto(deps, conversationId, photoId, thumb),
    /** For the audit: whose conversation. */
    sides: (conversationId: number): Promise<Sides> => sides(deps.db, conversationId),
  };
}
export type StaffQueue = ReturnType<typeof createStaffQueue>;
