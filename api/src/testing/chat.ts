import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@dating/shared/contract/index';
import { first, rows } from '../db/sql';
import { signup, uniqueEmail } from './accounts';
import type { TestContext } from './helpers';

export interface Member {
  id: number;
  cookie: string;
  email: string;
}

let clientCounter = 0;
export const clientId = (prefix = 'c') => `${prefix}-${Date.now().toString(36)}-${++clientCounter}-abcdef`;

/**
 * A member as signup leaves one (profile, confirmed, the site's bonus of 10 as a ledger row) plus `topUp` bought
 * credits, logged in. Made directly: signup is rate limited per IP, and its own rules are tested on their own.
 */
export async function member(
  t: TestContext,
  opts: { topUp?: number; paid?: boolean; over?: Record<string, unknown> } = {},
): Promise<Member> {
  if (opts.over) {
    const s = await signup(t, opts.over);
    return { id: s.user.profile.id as number, cookie: s.cookie, email: s.email };
  }
  const site = await t.app.services.sites.resolve('localhost');
  const email = uniqueEmail('chat');
  const row = await first<{ id: number }>(
    t.app.db,
    sql`INSERT INTO users (site_id, email, password_hash, status, language, paid_user)
        VALUES (${site.id}, ${email}, 'x', 'confirmed', 'nl', ${opts.paid ?? false}) RETURNING id`,
  );
  const id = row!.id;
  await t.app.db.execute(
    sql`INSERT INTO profiles (user_id, name, gender, date_of_birth, country) VALUES (${id}, ${`Lid ${id}`}, 'male', '1990-01-01', 'NL')`,
  );
  await t.app.services.credits.credit({ userId: id, amount: 10, kind: 'bonus', ref: 'signup' });
  if (opts.topUp)
    await t.app.services.credits.credit({
      userId: id,
      amount: opts.topUp,
      kind: 'purchase',
      ref: 'order:test',
    });
  const token = await t.app.services.sessions.create(id);
  return { id, cookie: `sid=${token}`, email };
}

export const send = (t: TestContext, from: Member, payload: Record<string, unknown>) =>
  t.call({
    method: 'POST',
    url: '/api/messages.php',
    cookie: from.cookie,
    payload: { client_id: clientId(), type: 'text', ...payload },
  });

export async function balance(t: TestContext, userId: number): Promise<number> {
  return t.app.services.credits.balance(userId);
}

/** The ledger tells the same story as the balance, and every debit belongs to exactly one message and back. */
export async function books(t: TestContext, userId: number) {
  const ledger = await first<{ total: number | string; n: number | string }>(
    t.app.db,
    sql`SELECT coalesce(sum(amount), 0) AS total, count(*) AS n FROM credit_ledger WHERE user_id = ${userId}`,
  );
  const orphanDebits = await rows<{ id: number }>(
    t.app.db,
    sql`SELECT l.id FROM credit_ledger l WHERE l.user_id = ${userId} AND l.kind IN ('message', 'gift', 'photo')
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE 'message:' || m.id = l.ref AND m.sender_id = ${userId}
                          AND m.credits_spent = -l.amount)`,
  );
  const unpaidMessages = await rows<{ id: number }>(
    t.app.db,
    sql`SELECT m.id FROM messages m WHERE m.sender_id = ${userId} AND m.credits_spent > 0
          AND (SELECT count(*) FROM credit_ledger l WHERE l.ref = 'message:' || m.id) <> 1`,
  );
  const messages = await first<{ n: number | string }>(
    t.app.db,
    sql`SELECT count(*) AS n FROM messages WHERE sender_id = ${userId}`,
  );
  return {
    balance: await balance(t, userId),
    ledgerSum: Number(ledger!.total),
    ledgerRows: Number(ledger!.n),
    messages: Number(messages!.n),
    orphanDebits: orphanDebits.length,
    unpaidMessages: unpaidMessages.length,
  };
}

/**
 * Collects the live events published to these members. `next` waits for an event (counters, for one, are sent in
 * batches after a short timer), so a test waits for exactly what it expects rather than for a fixed time.
 */
export function listen(t: TestContext, ...ids: number[]) {
  const events = new Map<number, LiveEvent[]>(ids.map((id) => [id, []]));
  const waiters = new Set<{ id: number; match: (e: LiveEvent) => boolean; done: (e: LiveEvent) => void }>();
  const stops = ids.map((id) =>
    t.app.services.live.subscribe(id, (e) => {
      events.get(id)!.push(e);
      for (const waiter of waiters) if (waiter.id === id && waiter.match(e)) waiter.done(e);
    }),
  );
  return {
    of: (id: number) => events.get(id)!,
    /** The first event to `id` that matches, received already or still to come; fails after `timeoutMs`. */
    next(id: number, match: (e: LiveEvent) => boolean, timeoutMs = 15_000): Promise<LiveEvent> {
      const seen = events.get(id)!.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          id,
          match,
          done: (e: LiveEvent) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching live event for member ${id} in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear: () => ids.forEach((id) => (events.get(id)!.length = 0)),
    stop: () => stops.forEach((s) => s()),
  };
}
