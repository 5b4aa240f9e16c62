// The rule tests' linter: one ESLint process for a whole test file, loading the repository's eslint.config.mjs
// once (the CLI per case took about two seconds of CPU each, nearly all of it loading the config and its plugins).
// `lint(file, code)` answers as `eslint --stdin --stdin-filename <file>` would: the rule ids of its messages.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(__dirname, '../..');

// Requests and answers one JSON line each, in order. ESLint's API is ESM-loaded config: it runs in its own Node,
// not in jest's module system.
const SERVER = `
import { ESLint } from 'eslint';
import { createInterface } from 'node:readline';
const eslint = new ESLint({ cwd: process.cwd() });
for await (const line of createInterface({ input: process.stdin })) {
  const { file, code } = JSON.parse(line);
  try {
    const [result] = await eslint.lintText(code, { filePath: file });
    process.stdout.write(JSON.stringify({ ruleIds: result.messages.map((m) => m.ruleId ?? 'parse') }) + '\\n');
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: String(error && error.stack || error) }) + '\\n');
  }
}
`;

export interface Linter {
  /** The rule ids ESLint reports for `code` as if it were the file `file` (relative to the repository). */
  lint(file: string, code: string): Promise<string[]>;
  close(): Promise<void>;
}

export function startLinter(): Linter {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--input-type=module', '-e', SERVER],
    { cwd: root, stdio: 'pipe' },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const waiting: { resolve: (ids: string[]) => void; reject: (error: Error) => void }[] = [];
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`eslint exited (${code}): ${stderr}`));
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const answer = JSON.parse(line) as { ruleIds?: string[]; error?: string };
    const next = waiting.shift()!;
    if (answer.error) next.reject(new Error(answer.error));
    else next.resolve(answer.ruleIds!);
  });
  return {
    lint(file, code) {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${JSON.stringify({ file: path.join(root, file), code })}\n`);
      });
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * One linter for the calling test file, started before its tests and closed after them: `lint(file, code)` gives the
 * rule ids ESLint reports for `code` as if it were the file `file`.
 */
export function useLinter(): (file: string, code: string) => Promise<string[]> {
  let linter: Linter;
  beforeAll(() => {
    linter = startLinter();
  });
  afterAll(() => linter.close());
  return (file, code) => linter.lint(file, code);
}
