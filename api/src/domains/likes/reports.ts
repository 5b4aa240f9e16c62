import { sql } from 'drizzle-orm';
import { REPORT_TEXT_MAX_LENGTH, type ReportRequest } from '@dating/shared/contract/index';
import type { Db, Tx } from '../../db/client';
import { first } from '../../db/sql';
import { ApiError, badInput, notFound } from '../../lib/errors';
import { reportReasonText, type MailService } from '../../lib/mail';
import { updateCase, type Actor, type CaseKind, type CaseState } from '../audit';
import type { Site } from '../sites';

/** At most this many reports per member per window (a report mails support: no flooding). */
export const REPORTS_PER_WINDOW = 5;
export const REPORT_WINDOW_MINUTES = 10;

export type { CaseState };

/** A member's report as a case staff handle: its state, locked for the change, and the audit action. */
const REPORT_CASE: CaseKind = {
  action: 'report_update',
  targetType: 'report',
  lock: async (t, id) =>
    (await first<{ state: CaseState }>(t, sql`SELECT state FROM reports WHERE id = ${id} FOR UPDATE`))
      ?.state ?? null,
  set: async (t, id, state) => {
    await t.execute(sql`UPDATE reports SET state = ${state}, updated_at = now() WHERE id = ${id}`);
  },
};

export interface ReportsDeps {
  mail: MailService;
}

/**
 * Reports: stored for moderation (state open, for the back office) and mailed to the site's
 * support address in the site's language.
 */
export function createReportsService(db: Db, deps: ReportsDeps) {
  return {
    /** Staff's update of a report (its state, and the audit row `report_update`: audit/cases.ts). */
    update: (id: number, change: { state?: CaseState; reply?: string | null }, actor: Actor, tx?: Tx) =>
      updateCase(db, REPORT_CASE, id, change, actor, tx),

    async submit(me: number, site: Site, input: ReportRequest, origin: string): Promise<number> {
      if (input.id === me) throw new ApiError(400, 'self_action', { field: 'id' }, 'id');
      const text = input.text?.trim() || null;
      if (text && (text.length > REPORT_TEXT_MAX_LENGTH || text.includes('\u0000'))) throw badInput('text');
      const names = await first<{
        reporter: string | null;
        reported: string | null;
        reported_exists: boolean;
      }>(
        db,
        sql`SELECT (SELECT name FROM profiles WHERE user_id = ${me}) AS reporter,
                   (SELECT p.name FROM profiles p JOIN users u ON u.id = p.user_id
                     WHERE u.id = ${input.id} AND u.status <> 'deleted') AS reported,
                   EXISTS (SELECT 1 FROM users WHERE id = ${input.id} AND status <> 'deleted') AS reported_exists`,
      );
      if (!names?.reported_exists) throw notFound();
      if (input.conversation !== undefined) {
        const [a, b] = me < input.id ? [me, input.id] : [input.id, me];
        const conversation = await first<{ id: number }>(
          db,
          sql`SELECT id FROM conversations WHERE id = ${input.conversation} AND user_a = ${a} AND user_b = ${b}`,
        );
        if (!conversation) throw badInput('conversation');
      }

      const id = await db.transaction(async (tx) => {
        // The member's row lock makes count-then-insert one step, whatever the concurrency.
        await tx.execute(sql`SELECT id FROM users WHERE id = ${me} FOR UPDATE`);
        const recent = await first<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM reports
              WHERE reporter_id = ${me} AND created_at > now() - make_interval(mins => ${REPORT_WINDOW_MINUTES})`,
        );
        if ((recent?.n ?? 0) >= REPORTS_PER_WINDOW) throw new ApiError(429, 'rate_limited');
        const row = await first<{ id: number }>(
          tx,
          sql`INSERT INTO reports (site_id, reporter_id, reported_id, conversation_id, reason, text)
              VALUES (${site.id}, ${me}, ${input.id}, ${input.conversation ?? null}, ${input.reason}, ${text})
              RETURNING id`,
        );
        return row!.id;
      });

      if (site.supportEmail) {
        const locale = site.defaultLocale;
        await deps.mail.send({
          to: site.supportEmail,
          template: 'report',
          locale,
          siteId: site.id,
          params: {
            report_id: id,
            reporter_id: me,
            reporter_name: names.reporter ?? '?',
            reported_id: input.id,
            reported_name: names.reported ?? '?',
            reason: reportReasonText(locale, input.reason),
            conversation: input.conversation ?? '-',
            text: text ?? '-',
            link: `${origin}/`,
          },
        });
      }
      return id;
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
