// Drizzle mirror of the SQL migrations in db/migrations (the SQL is the source of truth). Each domain keeps its
// tables in src/domains/<domain>/tables.ts, the shared infrastructure's tables are in db/schema/platform.ts; this
// barrel gathers them for the seed and the tests. It sits above the domains: db/ imports no domain.
export * from '../db/schema/columns';
export * from './sites/tables';
export * from './accounts/tables';
export * from './members/tables';
export * from './chat/tables';
export * from './likes/tables';
export * from './payments/tables';
export * from './live/tables';
export * from '../db/schema/platform';
export * from './experiments/tables';
export * from './audit/tables';
export * from './staff/tables';
