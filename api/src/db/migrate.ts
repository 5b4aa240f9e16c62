import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RawDb } from './client';

/** Where the numbered SQL files live; esbuild copies them next to dist/server.js. */
export function defaultMigrationsDir(): string {
  const candidates = [path.join(__dirname, 'migrations'), path.join(__dirname, 'db', 'migrations')];
  for (const dir of candidates) {
    try {
      readdirSync(dir);
      return dir;
    } catch {
      // try the next layout (source vs bundle)
    }
  }
  throw new Error('migrations folder not found');
}

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(dir: string): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 4), name: f.replace(/\.sql$/, ''), file: path.join(dir, f) }));
}

/** Applies every SQL file not yet in `schema_migrations`, in order, each in its own transaction. */
export async function migrate(raw: RawDb, dir = defaultMigrationsDir()): Promise<string[]> {
  const files = listMigrations(dir);
  return raw.exclusive(async (run, inTx) => {
    await run(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await raw.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of files) {
      if (done.has(m.name)) continue;
      const text = readFileSync(m.file, 'utf8');
      const escaped = m.name.replace(/'/g, "''");
      await inTx(`${text}\n;INSERT INTO schema_migrations (name) VALUES ('${escaped}');`);
      applied.push(m.name);
    }
    return applied;
  });
}
