import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Removes the run's temporary DATA_DIR; kept with E2E_KEEP_DATA=1 (to look at the database or the mailbox) and
 * when the run reused a server it did not start (E2E_REUSE=1).
 */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || process.env.E2E_KEEP_DATA === '1' || process.env.E2E_REUSE === '1') return;
  // Only what the config created under the temp folder: never a folder a developer passed in elsewhere.
  if (path.resolve(dir).startsWith(path.join(os.tmpdir(), 'dating-e2e-'))) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
