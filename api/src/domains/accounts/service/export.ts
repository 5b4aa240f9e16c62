import { sql } from 'drizzle-orm';
import type { AccountExport } from '@dating/shared/contract/index';
import { first, rows } from '../../../db/sql';
import type { AuthUser } from '../users';
import type { AccountsContext } from './context';

const iso = (v: Date | string) => new Date(v).toISOString();

/** Everything stored about the member, as one JSON document (GDPR art. 15/20). */
export function exportModule(
  ctx: AccountsContext,
  parts: {
    photos: (userId: number, paid: boolean) => Promise<{ photos: AccountExport['photos'] }>;
    notifications: (
      userId: number,
      email: string,
    ) => Promise<{ preferences: AccountExport['notifications'] }>;
    blocks: (userId: number) => Promise<AccountExport['blocks']>;
  },
) {
  const { db } = ctx;
  return {
    async build(user: AuthUser): Promise<AccountExport> {
      const { signup_source: signupSource = null, ...tracking } =
        (await first<Record<string, string | null>>(
          db,
          sql`SELECT tracking_network AS network, tracking_ref AS ref, tracking_sub1 AS sub1, tracking_sub2 AS sub2,
                tracking_sub3 AS sub3, signup_source FROM users WHERE id = ${user.id}`,
        )) ?? {};
      const likes = await rows<{ profile_id: number; liked_at: Date | string }>(
        db,
        sql`SELECT liked_id AS profile_id, created_at AS liked_at FROM likes WHERE user_id = ${user.id} ORDER BY id`,
      );
      const messages = await rows<{
        conversation_id: number;
        sender_id: number;
        type: string;
        body: string | null;
        created_at: Date | string;
      }>(
        db,
        sql`SELECT m.conversation_id, m.sender_id, m.type, m.body, m.created_at
            FROM messages m JOIN conversations c ON c.id = m.conversation_id
            WHERE c.user_a = ${user.id} OR c.user_b = ${user.id} ORDER BY m.id`,
      );
      const orders = await rows<{
        id: number;
        credits: number;
        amount: number;
        currency: string;
        status: string;
        created_at: Date | string;
      }>(
        db,
        sql`SELECT id, credits, amount, currency, status, created_at FROM orders WHERE user_id = ${user.id} ORDER BY id`,
      );
      const ledger = await rows<{
        id: number;
        kind: string;
        amount: number;
        balance_after: number;
        ref: string | null;
        created_at: Date | string;
      }>(
        db,
        sql`SELECT id, kind, amount, balance_after, ref, created_at FROM credit_ledger WHERE user_id = ${user.id} ORDER BY id`,
      );
      const { id: _id, siteId: _site, ...publicUser } = user;
      return {
        exported_at: new Date().toISOString(),
        user: publicUser,
        email: user.email,
        tracking: Object.fromEntries(
          Object.entries(tracking).filter(([, v]) => v !== null),
        ) as AccountExport['tracking'],
        signup_source: signupSource,
        photos: (await parts.photos(user.id, user.paid_user)).photos,
        notifications: (await parts.notifications(user.id, user.email)).preferences,
        blocks: await parts.blocks(user.id),
        likes: likes.map((l) => ({ profile_id: l.profile_id, liked_at: iso(l.liked_at) })),
        messages: messages.map((m) => ({
          conversation_id: m.conversation_id,
          from_me: m.sender_id === user.id,
          type: m.type,
          text: m.body,
          sent_at: iso(m.created_at),
        })),
        transactions: orders.map((o) => ({ ...o, created_at: iso(o.created_at) })),
        // Beyond the contract's fields: every credit movement (the ledger, docs/product/credits-and-payments.md) is the member's data too.
        ...({ credit_ledger: ledger.map((l) => ({ ...l, created_at: iso(l.created_at) })) } as object),
      };
    },
  };
}
