// What the steps of a send share (send.ts): the checked send, the committed send, the lock both paths take first,
// and the signal that the client id was stored already.
import type { MessageType } from '@dating/shared/contract/index';
import { ApiError, notFound } from '../../../lib/errors';
import type { OfflineMemberRow } from '../../../lib/live';
import type { ConversationRow } from './context';

/** A send checked and priced (send-prepare.ts), ready for one of the two write paths. */
export interface PreparedSend {
  me: number;
  partnerId: number;
  client_id: string;
  type: MessageType;
  /** The text of a text message, trimmed. */
  body: string | null;
  giftId: number | null;
  photoId: number | null;
  photo?: { width: number; height: number };
  cost: number;
  /** The ledger kind of the debit. */
  kind: 'message' | 'gift' | 'photo';
  /** The pair in the conversations table's order (user_a < user_b). */
  a: number;
  b: number;
  /** The site's visibility rule of the partner (members' visibleOnSite), as SQL over `u` and `p`. */
  visible: string;
}

/** A committed send, as the answer and the live events need it. */
export interface StoredSend {
  id: number;
  sent_at: string;
  conversation: ConversationRow;
  updated_at: string;
  unread_me: number;
  unread_partner: number;
  balance: number;
  partner_language: string;
  language: string;
  /** The partner as the offline notifier reads them, when the send read that (no open page on this one node). */
  away?: OfflineMemberRow;
}

/** Rolls a send back (or ends it) because the same client id was stored meanwhile: answer that message. */
export class AlreadyStored extends Error {}

/**
 * Every send of a member takes this lock first (both paths), so they queue here and not on the member's row. On
 * the row they would deadlock: this statement's snapshot is older than the row when it had to wait, so the
 * foreign-key checks of its inserts walk from the old row version through the updated ones, and a send waiting on
 * the row holds the tuple lock there (summary-drift.test found it). `::text` because the function returns void.
 */
export const SEND_LOCK_KEY = 7271;
export const SEND_LOCK_SQL = `pg_advisory_xact_lock(${SEND_LOCK_KEY}, $1)::text`;

/**
 * The committed send from what a write path returned: the unread counts as they were under my lock (`before`, in
 * the conversation's a/b order; zero for a conversation started now) with this message added for the partner.
 */
export function storedSend(
  me: number,
  row: ConversationRow & { message_id: number; sent_at: string; updated_at: string; balance: number },
  before: { a: number; b: number },
  languages: { partner_language: string | null; language: string },
): StoredSend {
  const meIsA = row.user_a === me;
  return {
    id: row.message_id,
    sent_at: row.sent_at,
    conversation: { id: row.id, user_a: row.user_a, user_b: row.user_b, started_by: row.started_by },
    updated_at: row.updated_at,
    unread_me: meIsA ? before.a : before.b,
    unread_partner: (meIsA ? before.b : before.a) + 1,
    balance: row.balance,
    partner_language: languages.partner_language ?? 'nl',
    language: languages.language,
  };
}

/** The refusals both paths check first on what they read under the lock, in this order. */
/** What both write paths read before a send: the sender, whether it is stored already, the partner, the counts. */
export interface SendChecks {
  paid_user: boolean;
  credits: number;
  language: string;
  stored: boolean;
  blocked: boolean;
  partner_status: string | null;
  partner_on_site: boolean | null;
  partner_language: string | null;
  unread_a: number | null;
  unread_b: number | null;
}

export function refuseUnsendable(read: SendChecks): void {
  if (read.stored) throw new AlreadyStored();
  if (!read.partner_status || !read.partner_on_site) throw notFound();
  if (read.partner_status === 'deleted') throw new ApiError(410, 'member_unavailable');
  if (read.blocked) throw new ApiError(403, 'blocked');
}
