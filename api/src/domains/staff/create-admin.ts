/**
 * The first admin of the back office: `npm run staff:create-admin -w @dating/api -- --email <address>
 * --password <at least 12 characters> [--name <name>]`
 *
 * Creates an admin staff account (not a member); the admin signs in at /staff with it and enrols the TOTP second
 * factor at the first login. Further staff are created from the back office. Same database as the server
 * (DATABASE_URL, else the PGlite files in $DATA_DIR/db; with PGlite stop the server first). The creation is in
 * the audit log.
 */
import { commandConfig, runCommand, withDatabase } from '../../lib/cli';
import { createSecrets } from '../../lib/secrets';
import { ApiError } from '../../lib/errors';
import { createAudit } from '../audit';
import { createStaffAuth } from './auth';

const USAGE = 'usage: staff:create-admin --email <address> --password <password> [--name <name>]';

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

export async function createAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out = console,
): Promise<number> {
  const email = option(argv, 'email');
  const password = option(argv, 'password');
  const name = option(argv, 'name') ?? email?.split('@')[0];
  if (!email || !password || !name) {
    out.error(USAGE);
    return 2;
  }
  const config = commandConfig(env);
  return withDatabase(config, async (database) => {
    const audit = createAudit(database.db);
    const auth = createStaffAuth({
      db: database.db,
      audit,
      secrets: createSecrets(database.db, config.appSecret),
    });
    try {
      const account = await auth.create(
        { email, password, name, role: 'admin' },
        { id: null, name: 'command line', ip: null },
      );
      out.log(`admin ${account.id} created: ${account.email} (enrols TOTP at the first login on /staff)`);
      return 0;
    } catch (err) {
      if (err instanceof ApiError) {
        out.error(`${err.code}${err.field ? ` (${err.field})` : ''}`);
        return 1;
      }
      throw err;
    }
  });
}

runCommand(module, /create-admin\.[tj]s$/, createAdmin);
