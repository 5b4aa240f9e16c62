import { bigserial, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';

/**
 * Who did what, when, to what, with the state before and after (migration 0120; append-only by trigger). The row
 * of a staff member names their `staff_accounts` id: the foreign key is in the SQL, not in this mirror, so the
 * audit domain stands below staff (ADR 0038).
 */
export const staffAudit = pgTable('staff_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: integer('staff_id'),
  staffName: text('staff_name'),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: integer('target_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
