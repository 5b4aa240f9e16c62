// Drizzle mirror of the SQL migrations in ../migrations (the SQL is the source of truth). Each domain keeps its
// tables in src/domains/<domain>/tables.ts; this barrel gathers them for Drizzle and for `import … from 'db/schema'`.
export * from './columns';
export * from '../../domains/sites/tables';
export * from '../../domains/accounts/tables';
export * from '../../domains/members/tables';
export * from '../../domains/chat/tables';
export * from '../../domains/likes/tables';
export * from '../../domains/payments/tables';
export * from '../../domains/live/tables';
export * from './platform';
