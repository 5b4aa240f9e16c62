// Drizzle mirror of the SQL migrations in db/migrations (the SQL is the source of truth). Each domain keeps its
// tables in src/domains/<domain>/tables.ts, the shared infrastructure's tables are in db/schema/platform.ts; this
// barrel gathers them for the seed and the tests. It sits above the domains: db/ imports no domain.
export * from '../db/schema/columns';
export * from '../domains/sites/tables';
export * from '../domains/accounts/tables';
export * from '../domains/members/tables';
export * from '../domains/chat/tables';
export * from '../domains/likes/tables';
export * from '../domains/payments/tables';
export * from '../domains/live/tables';
export * from '../db/schema/platform';
export * from '../domains/experiments/tables';
export * from '../domains/audit/tables';
export * from '../domains/staff/tables';
