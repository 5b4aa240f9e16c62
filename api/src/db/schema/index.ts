// Drizzle mirror of the SQL migrations in ../migrations (the SQL is the source of truth).
export * from './sites';
export * from './users';
export * from './social';
export * from './money';
export * from './mail';
