import { sql } from 'drizzle-orm';
import { COMPLAINT_MESSAGE_MAX_LENGTH, type ComplaintRequest } from '@dating/shared/contract/account';
import type { Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { badInput } from '../../../lib/errors';
import { updateCase, type Actor, type CaseKind, type CaseState } from '../../audit';
import type { Site } from '../../sites';
import type { AccountsContext } from './context';
import { isValidEmail } from './validation';

/** A complaint as a case staff handle: its state, locked for the change, and the audit action. */
const COMPLAINT_CASE: CaseKind = {
  action: 'complaint_update',
  targetType: 'complaint',
  lock: async (t, id) =>
    (await first<{ state: CaseState }>(t, sql`SELECT state FROM complaints WHERE id = ${id} FOR UPDATE`))
      ?.state ?? null,
  set: async (t, id, state) => {
    await t.execute(sql`UPDATE complaints SET state = ${state}, updated_at = now() WHERE id = ${id}`);
  },
};

/**
 * /complaints: stored, and mailed to the site's support address in the site's language; the back office changes
 * their state (`update`).
 */
export function complaintsModule(ctx: AccountsContext) {
  const { db } = ctx;
  return {
    /** Staff's update of a complaint (its state, and the audit row `complaint_update`: audit/cases.ts). */
    update: (id: number, change: { state?: CaseState; reply?: string | null }, actor: Actor, tx?: Tx) =>
      updateCase(db, COMPLAINT_CASE, id, change, actor, tx),

    async submit(
      site: Site,
      userId: number | null,
      input: ComplaintRequest,
      origin: string,
    ): Promise<number> {
      const name = input.name.trim();
      const subject = input.subject.trim();
      const message = input.message.trim();
      const email = input.email.trim();
      if (!name || name.length > 100) throw badInput('name');
      if (!isValidEmail(email)) throw badInput('email', 'email_invalid');
      if (!subject || subject.length > 200) throw badInput('subject');
      if (!message || message.length > COMPLAINT_MESSAGE_MAX_LENGTH) throw badInput('message');
      const url = input.url?.trim().slice(0, 500) || null;
      const row = await first<{ id: number }>(
        db,
        sql`INSERT INTO complaints (site_id, user_id, name, email, subject, message, url)
            VALUES (${site.id}, ${userId}, ${name}, ${email}, ${subject}, ${message}, ${url}) RETURNING id`,
      );
      if (site.supportEmail) {
        await ctx.mail.send({
          to: site.supportEmail,
          template: 'complaint',
          locale: site.defaultLocale,
          siteId: site.id,
          params: {
            from_name: name,
            from_email: email,
            subject,
            message: url ? `${message}\n\n${url}` : message,
            link: `${origin}/`,
          },
        });
      }
      return row!.id;
    },
  };
}
