/**
 * Mail delivery for operators: `npm run mail -w @dating/api -- <command>`
 *
 *   failed               mails given up on (SMTP refused them, or every retry failed), newest first
 *   retrying             mails whose delivery failed and is being retried with back-off
 *   retry <id> [...]     queue failed mails again from the first attempt (after fixing the cause)
 *
 * Same database as the server (DATABASE_URL, else the PGlite files in $DATA_DIR/db; with PGlite stop the server
 * first). The running server's sender picks re-queued mails up within 15 s.
 */
import { commandConfig, runCommand, withDatabase } from '../../lib/cli';
import { createMailDelivery } from '../../lib/mail/delivery';

const USAGE = 'usage: mail failed | retrying | retry <id> [...]';

export async function mailCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out = console,
): Promise<number> {
  const [command, ...args] = argv;
  const ids = args.map(Number);
  const valid =
    command === 'failed' ||
    command === 'retrying' ||
    (command === 'retry' && ids.length > 0 && ids.every((id) => Number.isInteger(id) && id > 0));
  if (!valid) {
    out.error(USAGE);
    return 2;
  }
  // Listing needs no SMTP: the production check is about the server.
  const config = commandConfig(env, { MAIL_OUTBOX_ONLY: '1' });
  return withDatabase(config, async (database) => {
    const delivery = createMailDelivery(database.db, async () => null, out);
    if (command === 'retry') {
      let missing = 0;
      for (const id of ids) {
        const done = await delivery.retry(id);
        out.log(`${id}: ${done ? 'queued again' : 'not found or not failed'}`);
        if (!done) missing++;
      }
      return missing ? 1 : 0;
    }
    const mails = await delivery.undelivered(command, 1000);
    if (!mails.length) out.log(command === 'failed' ? 'No failed mails.' : 'No mails being retried.');
    for (const m of mails) {
      const when = command === 'failed' ? `failed ${m.failed_at}` : `next ${m.next_attempt_at}`;
      out.log(`${m.id}\t${m.to}\t${m.template}\t${m.attempts} attempts\t${when}\t${m.last_error ?? ''}`);
    }
    return 0;
  });
}

runCommand(module, /mail\.[tj]s$/, mailCli);
