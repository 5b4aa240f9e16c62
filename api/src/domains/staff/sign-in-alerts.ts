import { sql } from 'drizzle-orm';
import { STAFF_ALERT_THRESHOLD, type StaffSignInFailures } from '@dating/shared/contract/staff';
import type { Db } from '../../db/client';
import { first, rows } from '../../db/sql';
import type { MailService } from '../../lib/mail';
import { actionsInLastDay, actionsInLastHour } from '../audit';
import type { SitesService } from '../sites';

/** The row of `staff_attempts` whose `window_start` is when the admins were last mailed. */
const ALERT_KEY = 'alert:sign_in';
const FAILURES = ['login_failed', 'totp_failed'] as const;

/**
 * Failed staff sign-ins for the admins (docs/adr/0028-staff-door.md): counted from the audit log (every failure is
 * audited; the audit domain's queries), shown on the admins' dashboard, and mailed to every active admin once the
 * last hour holds `STAFF_ALERT_THRESHOLD` of them, at most once an hour (the claim of the hour is one UPSERT, so two nodes or two
 * parallel failures never both mail).
 */
export function createSignInAlerts(deps: {
  db: Db;
  mail: MailService;
  sites: SitesService;
  warn?: (err: unknown) => void;
}) {
  const { db } = deps;

  const lastHour = () => actionsInLastHour(db, FAILURES);

  async function mailAdmins(count: number): Promise<void> {
    const claimed = await first<{ count: number }>(
      db,
      sql`INSERT INTO staff_attempts (key, count, window_start) VALUES (${ALERT_KEY}, 1, now())
          ON CONFLICT (key) DO UPDATE SET count = staff_attempts.count + 1, window_start = now()
            WHERE staff_attempts.window_start <= now() - interval '1 hour'
          RETURNING count`,
    );
    if (!claimed) return;
    const admins = await rows<{ email: string; name: string }>(
      db,
      sql`SELECT email, name FROM staff_accounts WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id`,
    );
    const site = await deps.sites.resolve(undefined);
    const origin = site.publicOrigin;
    for (const admin of admins) {
      await deps.mail.send({
        to: admin.email,
        template: 'staff_sign_in_alert',
        locale: site.defaultLocale,
        params: { name: admin.name, count, link: `${origin}/staff/audit` },
        siteId: site.id,
        unsubscribeUrl: `${origin}/staff`,
      });
    }
  }

  return {
    /** For the admins' dashboard. */
    async failures(): Promise<StaffSignInFailures> {
      const counts = await actionsInLastDay(db, FAILURES);
      return {
        last_hour: counts.hour,
        last_day: counts.day,
        rate_limited_day: counts.rateLimited,
        alert_threshold: STAFF_ALERT_THRESHOLD,
        addresses: counts.addresses,
      };
    },

    /** After a failure was audited: mails the admins when the last hour reached the threshold. Never throws. */
    async afterFailure(): Promise<void> {
      try {
        const count = await lastHour();
        if (count >= STAFF_ALERT_THRESHOLD) await mailAdmins(count);
      } catch (err) {
        deps.warn?.(err);
      }
    },
  };
}
export type SignInAlerts = ReturnType<typeof createSignInAlerts>;
