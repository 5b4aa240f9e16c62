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
import { recordAudit, type Actor } from '../../audit';
import { claim, release } from './claim';
import { sides, type QueueDeps, type Sides } from './common';
import { queueConversation } from './conversation';
import { listQueue } from './list';
import { chatPhoto, reply } from './reply';

export type { QueueDeps } from './common';

export function createStaffQueue(deps: QueueDeps) {
  return {
    list: (q: StaffQueueQuery, me: number): Promise<StaffQueueResponse> => listQueue(deps, q, me),
    /** Claims a conversation (or the oldest waiting one), audited (`queue_claim`) in the same transaction. */
    claim: (input: StaffClaimRequest, actor: Actor & { id: number }): Promise<StaffClaimResponse> =>
      deps.db.transaction(async (tx) => {
        const result = await claim(tx, input, actor.id);
        await recordAudit(tx, actor, {
          action: 'queue_claim',
          targetType: 'conversation',
          targetId: result.conversation,
          after: result,
        });
        return result;
      }),
    /** Gives my claim up (someone else's stays), audited (`queue_release`) in the same transaction. */
    release: (conversationId: number, actor: Actor & { id: number }): Promise<boolean> =>
      deps.db.transaction(async (tx) => {
        const released = await release(tx, conversationId, actor.id);
        if (released) {
          await recordAudit(tx, actor, {
            action: 'queue_release',
            targetType: 'conversation',
            targetId: conversationId,
          });
        }
        return released;
      }),
    conversation: (conversationId: number, me: number): Promise<StaffConversation> =>
      queueConversation(deps, conversationId, me),
    /** Sends as the fictional profile, renews my claim and audits the reply (`reply`). */
    reply: (
      conversationId: number,
      actor: Actor & { id: number; name: string },
      input: StaffReplyRequest,
    ): Promise<StaffReplyResponse> => reply(deps, conversationId, actor, input),
    /** The storage key of a photo sent in this conversation (by either side), or null. */
    chatPhoto: (conversationId: number, photoId: number, thumb: boolean): Promise<string | null> =>
      chatPhoto(deps, conversationId, photoId, thumb),
    /** For the audit: whose conversation. */
    sides: (conversationId: number): Promise<Sides> => sides(deps.db, conversationId),
  };
}
export type StaffQueue = ReturnType<typeof createStaffQueue>;
