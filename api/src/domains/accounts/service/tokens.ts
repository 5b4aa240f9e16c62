import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { hashToken, newToken } from '../sessions';

export type TokenPurpose = 'activation' | 'reset' | 'mail_change' | 'reactivate';

/** Lifetimes of the emailed links. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  activation: 48 * 3_600_000,
  reset: 3_600_000,
  mail_change: 24 * 3_600_000,
  reactivate: 14 * 86_400_000,
};

export interface ConsumedToken {
  userId: number;
  payload: Record<string, unknown> | null;
}

/**
 * Emailed single-use links: 256 random bits in the link, only the SHA-256 in `one_time_tokens`, so a database
 * leak does not hand out working links.
 */
export function createTokens(db: Db) {
  return {
    async issue(
      userId: number,
      purpose: TokenPurpose,
      opts: { payload?: Record<string, unknown>; now?: Date; ttlMs?: number; tx?: Tx } = {},
    ): Promise<string> {
      const token = newToken();
      const now = opts.now ?? new Date();
      const expires = new Date(now.getTime() + (opts.ttlMs ?? TOKEN_TTL_MS[purpose]));
      await (opts.tx ?? db).execute(
        sql`INSERT INTO one_time_tokens (user_id, purpose, token_hash, payload, expires_at, created_at)
            VALUES (${userId}, ${purpose}, ${hashToken(token)}, ${opts.payload ? JSON.stringify(opts.payload) : null}::jsonb,
                    ${expires.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
      );
      return token;
    },

    /** Marks the token used and returns its owner, atomically: a replayed or concurrent second use gets null. */
    async consume(
      token: string,
      purpose: TokenPurpose,
      tx?: Tx,
      now = new Date(),
    ): Promise<ConsumedToken | null> {
      if (!token || token.length > 100) return null;
      const row = await first<{ user_id: number; payload: Record<string, unknown> | string | null }>(
        tx ?? db,
        sql`UPDATE one_time_tokens SET used_at = ${now.toISOString()}::timestamptz
            WHERE token_hash = ${hashToken(token)} AND purpose = ${purpose} AND used_at IS NULL
              AND expires_at > ${now.toISOString()}::timestamptz
            RETURNING user_id, payload`,
      );
      if (!row) return null;
      const payload =
        typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
      return { userId: row.user_id, payload };
    },

    /** The owner of a still valid token, without using it (to check input before spending the link). */
    async peek(token: string, purpose: TokenPurpose, now = new Date()): Promise<number | null> {
      if (!token || token.length > 100) return null;
      const row = await first<{ user_id: number }>(
        db,
        sql`SELECT user_id FROM one_time_tokens
            WHERE token_hash = ${hashToken(token)} AND purpose = ${purpose} AND used_at IS NULL
              AND expires_at > ${now.toISOString()}::timestamptz`,
      );
      return row?.user_id ?? null;
    },

    /** Ends every open link of one purpose (a newer link replaces them, or the goal was reached). */
    async revokeAll(userId: number, purpose: TokenPurpose, tx?: Tx): Promise<void> {
      await (tx ?? db).execute(
        sql`UPDATE one_time_tokens SET used_at = now() WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL`,
      );
    },

    /** How many links of a purpose were issued since `since` (daily reset limit, resend throttling). */
    async countSince(userId: number, purpose: TokenPurpose, since: Date, tx?: Tx): Promise<number> {
      const row = await first<{ n: number | string }>(
        tx ?? db,
        sql`SELECT count(*) AS n FROM one_time_tokens
            WHERE user_id = ${userId} AND purpose = ${purpose} AND created_at > ${since.toISOString()}::timestamptz`,
      );
      return Number(row?.n ?? 0);
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
