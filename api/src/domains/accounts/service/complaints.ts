import { sql } from 'drizzle-orm';
import { COMPLAINT_MESSAGE_MAX_LENGTH, type ComplaintRequest } from '@dating/shared/contract/account';
import type { StaffCaseUpdate } from '@dating/shared/contract/staff';
import type { Db, Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { badInput } from '../../../lib/errors';
import { recordAudit, type Actor } from '../../audit';
import type { Site } from '../../sites';
import type { AccountsContext } from './context';
import { isValidEmail } from './validation';

type CaseState = NonNullable<StaffCaseUpdate['state']>;

/**
 * /complaints: stored, and mailed to the site's support address in the site's language; the back office changes
 * their state (`update`).
 */
export function complaintsModule(ctx: AccountsContext) {
  const { db } = ctx;
  return {
    /**
     * Staff's update of a complaint: its state when given, and the audit row `complaint_update` (who, the state
     * before and after, the reply staff mailed if any), in one transaction: the caller's `tx` when given (staff
     * stores the reply in it). Null when there is no such complaint.
     */
    async update(
      id: number,
      change: { state?: CaseState; reply?: string | null },
      actor: Actor,
      tx?: Tx,
    ): Promise<{ before: CaseState; after: CaseState } | null> {
      const run = async (t: Db | Tx) => {
        const row = await first<{ state: CaseState }>(
          t,
          sql`SELECT state FROM complaints WHERE id = ${id} FOR UPDATE`,
        );
        if (!row) return null;
        const after = change.state ?? row.state;
        if (change.state !== undefined)
          await t.execute(
            sql`UPDATE complaints SET state = ${change.state}, updated_at = now() WHERE id = ${id}`,
          );
        await recordAudit(t, actor, {
          action: 'complaint_update',
          targetType: 'complaint',
          targetId: id,
          before: { state: row.state },
          after: { state: after, reply: change.reply ?? null },
        });
        return { before: row.state, after };
      };
      return tx ? run(tx) : db.transaction(run);
    },

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
