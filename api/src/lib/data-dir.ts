import { mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What is wrong with `DATA_DIR` as the server's folder (database files in embedded mode, photos, the deployed
 * site), in one line that names the folder; null when it exists (or was just made), is a folder and is writable.
 * Checked before anything else opens or makes a file there (docs/adr/0028-staff-door.md): without it the start ended in a
 * raw `ENOENT … mkdir` stack from whichever module touched the folder first. `tools/start.mjs` checks the same
 * before it deploys (tools/lib/data-dir.mjs).
 */
export function dataDirProblem(dir: string): string | null {
  const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);
  let stat;
  try {
    stat = statSync(dir);
  } catch (err) {
    if (code(err) === 'ENOTDIR')
      return `DATA_DIR ${dir} does not exist and cannot be created: a parent of it is a file, not a folder.`;
    if (code(err) !== 'ENOENT') return `DATA_DIR ${dir} cannot be read (${code(err)}).`;
    try {
      mkdirSync(dir, { recursive: true });
    } catch (made) {
      const why =
        code(made) === 'ENOTDIR'
          ? 'a parent of it is a file, not a folder'
          : code(made) === 'EACCES' || code(made) === 'EPERM' || code(made) === 'EROFS'
            ? `its parent folder is not writable (${code(made)})`
            : code(made);
      return `DATA_DIR ${dir} does not exist and cannot be created: ${why}.`;
    }
    stat = statSync(dir);
  }
  if (!stat.isDirectory()) return `DATA_DIR ${dir} is a file, not a folder.`;
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (err) {
    return `DATA_DIR ${dir} is not writable (${code(err)}).`;
  }
  return null;
}
