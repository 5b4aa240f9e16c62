import { sql } from 'drizzle-orm';
import type { BlockedMember } from '@dating/shared/contract/index';
import { first, rows } from '../../../db/sql';
import { badInput, notFound } from '../../../lib/errors';
import { PROFILE_COLUMNS, PROFILE_FROM, toProfile, type ProfileSqlRow } from '../../members';
import type { AccountsContext } from './context';

/**
 * Blocking (docs/product/member-model.md): the pair's likes and conversations are deleted; the members, member, likes and chats
 * queries exclude blocks both ways (`notBlocked` in services/members.ts). Both members' open tabs are told at
 * once (live events after the commit): the conversation disappears and the likes lists reload.
 */
export function blocksModule(ctx: AccountsContext) {
  const { db } = ctx;
  return {
    async list(userId: number): Promise<BlockedMember[]> {
      const found = await rows<ProfileSqlRow & { blocked_at: Date | string }>(
        db,
        sql`SELECT ${sql.raw(PROFILE_COLUMNS)}, b.created_at AS blocked_at
            FROM blocks b JOIN (${sql.raw(PROFILE_FROM)}) ON p.user_id = b.blocked_id
            WHERE b.user_id = ${userId} ORDER BY b.created_at DESC`,
      );
      return found.map((r) => {
        const p = toProfile(r);
        return {
          profile: { id: p.id, name: p.name, age: p.age, main_image: p.main_image },
          blocked_at: new Date(r.blocked_at).toISOString(),
        };
      });
    },

    async block(userId: number, siteId: number, otherId: number): Promise<void> {
      if (otherId === userId) throw badInput('profile_id');
      const other = await first<{ id: number }>(
        db,
        sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
            WHERE u.id = ${otherId} AND u.status <> 'deleted' AND (u.site_id = ${siteId} OR u.fictional)`,
      );
      if (!other) throw notFound();
      const [a, b] = userId < otherId ? [userId, otherId] : [otherId, userId];
      const removed = await db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO blocks (user_id, blocked_id) VALUES (${userId}, ${otherId}) ON CONFLICT DO NOTHING`,
        );
        await tx.execute(
          sql`DELETE FROM likes WHERE (user_id = ${userId} AND liked_id = ${otherId}) OR (user_id = ${otherId} AND liked_id = ${userId})`,
        );
        return rows<{ id: number }>(
          tx,
          sql`DELETE FROM conversations WHERE user_a = ${a} AND user_b = ${b} RETURNING id`,
        );
      });
      ctx.blocked.changed(userId, otherId);
      for (const { id } of removed) {
        ctx.live.publish([userId, otherId], { type: 'conversation_removed', conversation: id });
      }
      ctx.live.publish([userId, otherId], { type: 'likes_changed' });
    },

    async unblock(userId: number, otherId: number): Promise<void> {
      await db.execute(sql`DELETE FROM blocks WHERE user_id = ${userId} AND blocked_id = ${otherId}`);
      ctx.blocked.changed(userId, otherId);
    },
  };
}
