import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import type { MailService } from '../../lib/mail';
import type { SitesService } from '../sites';
import { mailMember } from './offline';

/** The job runs this often on every node; each reminder is still sent once (the mark is claimed in SQL). */
export const REMINDER_INTERVAL_MS = 15 * 60_000;
/** Unread for this long before a reminder… */
export const REMINDER_AFTER = '1 hour';
/** …and at most one reminder a day, and never twice for the same newest unread message. */
export const REMINDER_EVERY = '24 hours';

interface Due {
  user_id: number;
  site_id: number;
  email: string;
  name: string | null;
  language: string;
  unread: number;
}

/**
 * Unread-message reminders (docs/product/member-model.md `unread_message_reminders`). One statement finds the members with messages
 * unread for over an hour and claims their reminder mark (INSERT … ON CONFLICT DO UPDATE … WHERE, row-locked by
 * PostgreSQL): whichever run gets a member back sends the mail; a concurrent run on another node, or a later run
 * while nothing new arrived, gets nothing. `now` is a parameter so tests can move time.
 */
export function createReminders(deps: { db: Db; mail: MailService; sites: SitesService }) {
  return {
    async sendDue(now: Date = new Date()): Promise<number> {
      const due = await rows<Due>(
        deps.db,
        sql`WITH unread AS (
              SELECT c.user_a AS user_id, c.id AS conversation_id FROM conversations c
                WHERE c.unread_a > 0 AND NOT c.deleted_by_a
              UNION ALL
              SELECT c.user_b, c.id FROM conversations c WHERE c.unread_b > 0 AND NOT c.deleted_by_b
            ), due AS (
              SELECT un.user_id, max(m.id) AS newest, count(*)::int AS unread
              FROM unread un
              JOIN messages m ON m.conversation_id = un.conversation_id AND m.sender_id <> un.user_id
                AND m.read_at IS NULL
              JOIN users u ON u.id = un.user_id
              LEFT JOIN notification_preferences np ON np.user_id = un.user_id
              WHERE u.status <> 'deleted' AND NOT u.fictional AND u.email IS NOT NULL
                AND coalesce(np.unread_message_reminders, true)
              GROUP BY un.user_id
              HAVING min(m.created_at) < ${now.toISOString()}::timestamptz - ${REMINDER_AFTER}::interval
            ), claimed AS (
              INSERT INTO notification_marks (user_id, kind, key, ref, sent_at)
              SELECT user_id, 'unread_reminder', '', newest, ${now.toISOString()}::timestamptz FROM due
              ON CONFLICT (user_id, kind, key) DO UPDATE SET ref = EXCLUDED.ref, sent_at = EXCLUDED.sent_at
                WHERE notification_marks.ref IS DISTINCT FROM EXCLUDED.ref
                  AND notification_marks.sent_at <= EXCLUDED.sent_at - ${REMINDER_EVERY}::interval
              RETURNING user_id
            )
            SELECT u.id AS user_id, u.site_id, u.email, p.name, u.language, due.unread
            FROM claimed JOIN due ON due.user_id = claimed.user_id
            JOIN users u ON u.id = claimed.user_id LEFT JOIN profiles p ON p.user_id = u.id`,
      );
      for (const member of due) {
        await mailMember(
          deps,
          {
            id: member.user_id,
            site_id: member.site_id,
            email: member.email,
            name: member.name,
            language: member.language,
          },
          'unread_reminder',
          { count: member.unread, path: '/chats' },
        );
      }
      return due.length;
    },
  };
}
