/**
 * What the api's operator commands share (staff:create-admin, moderate, mail, refund, experiment-report,
 * storage:migrate): where DATA_DIR is, the server's configuration and database opened and migrated the same way,
 * and the entry point (exit code from the command, an uncaught error printed and exit 1). A command is an
 * `async (argv, env, out) => exitCode` function, tested by calling it; `runCommand` only starts it from a shell.
 */
import path from 'node:path';
import { configFromEnv, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';

/** DATA_DIR (default ./data) resolved against the directory npm was started from: npm runs workspace scripts in api/. */
export function commandDataDir(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? 'data');
}

/** The server's configuration as a command reads it (DATA_DIR as `commandDataDir`); `extra` overrides variables. */
export function commandConfig(env: NodeJS.ProcessEnv, extra: NodeJS.ProcessEnv = {}): AppConfig {
  return configFromEnv({ ...env, ...extra, DATA_DIR: commandDataDir(env) });
}

/**
 * Runs `fn` on the server's database (DATABASE_URL, else the PGlite files in $DATA_DIR/db: with PGlite the server
 * must be stopped first), migrated to this code's schema, and closes it whatever `fn` does.
 */
export async function withDatabase<T>(config: AppConfig, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(config);
  try {
    await migrate(database.raw);
    return await fn(database);
  } finally {
    await database.close();
  }
}

/**
 * Starts `command` with the process's arguments when `mod` is the file node (or tsx) was started with, and exits
 * with its code. The file name is checked too (`file`, e.g. /create-admin\.[tj]s$/): inside a bundle
 * `require.main === module` holds for every module.
 */
export function runCommand(
  mod: NodeModule,
  file: RegExp,
  command: (argv: string[]) => Promise<number>,
): void {
  if (require.main !== mod || !file.test(process.argv[1] ?? '')) return;
  command(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
