import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { AUTH_COOKIE_DAYS } from '@dating/shared/constants';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

export const SESSION_COOKIE = 'sid';
export const SESSION_MAX_AGE_S = AUTH_COOKIE_DAYS * 86_400;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const newToken = () => randomBytes(32).toString('base64url');

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export function createSessionsService(db: Db) {
  return {
    async create(userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
      const token = newToken();
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      return token;
    },
    async userIdFor(token: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row?.userId ?? null;
    },
    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },
    /** Ends every session of a user, optionally keeping the current one (password reset, deletion). */
    async destroyAllFor(userId: number, keepToken?: string): Promise<void> {
      await db
        .delete(sessions)
        .where(keepToken ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))) : eq(sessions.userId, userId));
    },
    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
