// What tools/deploy.test.ts and tools/deploy-embedded.test.ts share: fake builds, a CLI run, and reading what a
// deploy printed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(__dirname, '..');

export interface Result {
  code: number | null;
  signal?: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** A CLI run (tools/<script>) with this environment; `signal` is the one that ended it, if any. */
export function runCli(env: NodeJS.ProcessEnv, script: string, ...args: string[]): Result {
  const result = spawnSync(process.execPath, [path.join(root, 'tools', script), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return { code: result.status, signal: result.signal, out: result.stdout, err: result.stderr };
}

/** A build of mf-chat's shape in `work/name`: a manifest, a remote entry with `marker` in it, an image. */
export function fakeBuild(work: string, name: string, marker: string): string {
  const dist = path.join(work, name);
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: 'mf_chat', marker }));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `var mf_chat = ${JSON.stringify(marker)};`.repeat(20));
  fs.writeFileSync(path.join(dist, 'assets', 'logo.png'), Buffer.from([1, 2, 3]));
  return dist;
}

/** The version a deploy killed by `DEPLOY_FAULT=kill_before_switch` had uploaded. */
export function killedAfterUploading(out: string): string {
  return /uploaded (\S+); DEPLOY_FAULT=kill_before_switch/.exec(out)![1]!;
}

/** The version a deploy printed it switched to. */
export function switchedTo(out: string): string {
  return /registry switched \S+ → (\S+)/.exec(out)![1]!;
}

export type Registry = { apps: Record<string, any>; published: Record<string, string[]> }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The registry in the shape `npm run registry` prints, without the canary's start. */
export function withoutSince(state: Registry): Registry {
  for (const entry of Object.values(state.apps) as { canary?: { since?: string } }[]) {
    delete entry.canary?.since;
  }
  return { apps: state.apps, published: state.published };
}
