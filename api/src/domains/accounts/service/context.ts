import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@dating/shared/contract/index';
import type { Db, Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import type { BlockedService } from '../../members';
import type { LiveHub } from '../../../lib/live';
import type { CreditsService } from '../../payments';
import type { MailService, MailTemplate } from '../../../lib/mail';
import type { PhotosService } from '../photos';
import type { SessionsService } from '../sessions';
import type { ShopService } from '../../payments';
import type { Site, SitesService } from '../../sites';
import type { Tokens } from './tokens';
import type { LoginGuard } from '../login-guard';
import type { MessagesService } from '../../chat';

export interface AccountsDeps {
  db: Db;
  log: FastifyBaseLogger;
  mail: MailService;
  sessions: SessionsService;
  sites: SitesService;
  credits: CreditsService;
  shop: ShopService;
  photos: PhotosService;
  blocked: BlockedService;
  loginGuard: LoginGuard;
  /** Sends the visitor's step-0 message once the account exists (docs/product/member-model.md). */
  messages: MessagesService;
  live: LiveHub;
}

export interface AccountsContext extends AccountsDeps {
  tokens: Tokens;
  /** Sends one of the accounts mails with the member's List-Unsubscribe link. */
  mailTo(
    user: { id: number; email: string; language: string; name?: string | null; siteId: number },
    template: MailTemplate,
    origin: string,
    params?: Record<string, string | number>,
    /** Written in this transaction (outbox): delivered after it commits. */
    tx?: Tx,
  ): Promise<void>;
}

export interface AccountRow {
  id: number;
  site_id: number;
  email: string | null;
  password_hash: string | null;
  status: 'not_confirmed' | 'confirmed' | 'deleted';
  language: string;
  paid_user: boolean;
  name: string | null;
}

export async function accountById(db: Db | Tx, id: number): Promise<AccountRow | undefined> {
  return first<AccountRow>(
    db,
    sql`SELECT u.id, u.site_id, u.email, u.password_hash, u.status, u.language, u.paid_user, p.name
        FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${id}`,
  );
}

/** The account owning an address on a site (deleted ones included while they still hold it). */
export async function accountByEmail(db: Db, siteId: number, email: string): Promise<AccountRow | undefined> {
  return first<AccountRow>(
    db,
    sql`SELECT u.id, u.site_id, u.email, u.password_hash, u.status, u.language, u.paid_user, p.name
        FROM users u LEFT JOIN profiles p ON p.user_id = u.id
        WHERE u.site_id = ${siteId} AND lower(u.email) = ${email.trim().toLowerCase()} AND NOT u.fictional LIMIT 1`,
  );
}

/** The member's stable List-Unsubscribe token (created on first use). */
export async function unsubscribeToken(db: Db | Tx, userId: number): Promise<string> {
  const fresh = randomBytes(24).toString('base64url');
  await db.execute(
    sql`INSERT INTO unsubscribe_tokens (user_id, token) VALUES (${userId}, ${fresh}) ON CONFLICT (user_id) DO NOTHING`,
  );
  const row = await first<{ token: string }>(
    db,
    sql`SELECT token FROM unsubscribe_tokens WHERE user_id = ${userId}`,
  );
  return row!.token;
}

export function createContext(deps: AccountsDeps, tokens: Tokens): AccountsContext {
  return {
    ...deps,
    tokens,
    async mailTo(user, template, origin, params = {}, tx) {
      const token = await unsubscribeToken(tx ?? deps.db, user.id);
      await deps.mail.send(
        {
          to: user.email,
          template,
          locale: user.language as Locale,
          siteId: user.siteId,
          params: { ...(user.name ? { name: user.name } : {}), ...params },
          unsubscribeUrl: `${origin}/api/unsubscribe.php?token=${encodeURIComponent(token)}`,
        },
        { tx },
      );
    },
  };
}

export type { Site };
