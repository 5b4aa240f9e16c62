// `npm start` checks DATA_DIR before it deploys into it (docs/adr/0028-staff-door.md): the same checks as the server's
// (api/src/lib/data-dir.ts), plus the PGlite lock the server takes on DATA_DIR/db, so a second `npm start` on a
// folder a running server uses stops with one line instead of re-deploying under it.
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** One line naming the folder and what is wrong with it, or null. */
export function dataDirProblem(dir) {
  let stat;
  try {
    stat = fs.statSync(dir);
  } catch (err) {
    if (err.code === 'ENOTDIR')
      return `DATA_DIR ${dir} does not exist and cannot be created: a parent of it is a file, not a folder.`;
    if (err.code !== 'ENOENT') return `DATA_DIR ${dir} cannot be read (${err.code}).`;
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (made) {
      const why =
        made.code === 'ENOTDIR'
          ? 'a parent of it is a file, not a folder'
          : ['EACCES', 'EPERM', 'EROFS'].includes(made.code)
            ? `its parent folder is not writable (${made.code})`
            : made.code;
      return `DATA_DIR ${dir} does not exist and cannot be created: ${why}.`;
    }
    stat = fs.statSync(dir);
  }
  if (!stat.isDirectory()) return `DATA_DIR ${dir} is a file, not a folder.`;
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.unlinkSync(probe);
  } catch (err) {
    return `DATA_DIR ${dir} is not writable (${err.code}).`;
  }
  return null;
}

/** The same, and (embedded PGlite only) whether a running process holds the database's lock. */
export async function dataDirStartProblem(dir, env = process.env) {
  const problem = dataDirProblem(dir);
  if (problem) return `${problem} Point DATA_DIR at a writable folder.`;
  const db = path.join(dir, 'db');
  if (!env.DATABASE_URL && fs.existsSync(db)) {
    const locked = await lockfile.check(db, { stale: 10_000, realpath: false }).catch(() => false);
    if (locked) {
      return (
        `DATA_DIR ${dir} is in use by another process: its database (${db}) is locked by a running server or ` +
        'command. Stop it first, or give this one its own DATA_DIR.'
      );
    }
  }
  return null;
}
