import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** Rows of a raw query, the same on PGlite and node-postgres. */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function first<T>(db: Db | Tx, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}
