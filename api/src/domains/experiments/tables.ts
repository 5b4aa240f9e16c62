import { bigint, bigserial, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';
import { users } from '../accounts/tables';
import { sites } from '../sites/tables';

/** Mirrors of migration 0060 (the SQL is the source of truth). */
export const experimentAssignments = pgTable(
  'experiment_assignments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitor: text('visitor').notNull(),
    app: text('app').notNull(),
    version: text('version').notNull(),
    arm: text('arm').$type<'stable' | 'canary'>().notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.visitor, t.app, t.version)],
);

export const experimentVisits = pgTable(
  'experiment_visits',
  {
    assignmentId: bigint('assignment_id', { mode: 'number' })
      .notNull()
      .references(() => experimentAssignments.id, { onDelete: 'cascade' }),
    page: text('page').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.page] })],
);
