/**
 * Photo moderation for operators: `npm run moderate -w @dating/api -- <command>`
 *
 *   list                 photos under inspection, oldest first
 *   approve <id> [...]   make photos visible to other members
 *   reject <id> [...]    remove photos (rows and files); the member's next photo becomes main
 *
 * Uses the same database as the server (DATABASE_URL, else the PGlite files in $DATA_DIR/db). PGlite allows one
 * process at a time: with the embedded database, stop the server first (or approve in the back office).
 */
import path from 'node:path';
import { createPhotosService, photoKey } from '../accounts';
import { commandConfig, runCommand, withDatabase } from '../../lib/cli';
import { createStorage } from '../../lib/storage';

const USAGE = 'usage: moderate list | approve <id> [...] | reject <id> [...]';

export async function moderate(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out = console,
): Promise<number> {
  const [command, ...args] = argv;
  if (!command || !['list', 'approve', 'reject'].includes(command)) {
    out.error(USAGE);
    return 2;
  }
  const ids = args.map(Number);
  if (command !== 'list' && (!ids.length || ids.some((id) => !Number.isInteger(id) || id <= 0))) {
    out.error(USAGE);
    return 2;
  }
  const config = commandConfig(env);
  return withDatabase(config, async (database) => {
    const storage = createStorage(config.storage);
    const photos = createPhotosService(database.db, { storage });
    if (command === 'list') {
      const queue = await photos.inspectionQueue(1000);
      if (!queue.length) out.log('No photos under inspection.');
      for (const p of queue) {
        out.log(
          `${p.id}\tmember ${p.user_id} (${p.name}${p.email ? `, ${p.email}` : ''})\t${p.created_at}\t${config.storage.driver === 'local' ? path.join(config.dataDir, photoKey(p.filename)) : photoKey(p.filename)}`,
        );
      }
      await storage.close();
      return 0;
    }
    let failed = 0;
    for (const id of ids) {
      const done = command === 'approve' ? await photos.approve(id) : await photos.reject(id);
      out.log(
        `${id}: ${done ? (command === 'approve' ? 'approved' : 'rejected') : 'not found or not under inspection'}`,
      );
      if (!done) failed++;
    }
    await storage.close();
    return failed ? 1 : 0;
  });
}

runCommand(module, /moderate\.[tj]s$/, moderate);
