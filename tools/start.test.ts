// `npm start` rebuilds an app only when something it is built from changed since its last build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const buildLib = path.resolve(__dirname, 'lib', 'build.mjs');
let root: string;

function check(expression: string): boolean {
  const code = `import * as b from ${JSON.stringify(buildLib)}; console.log(JSON.stringify(${expression}));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }),
  );
}

function write(file: string, secondsAgo: number) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, file);
  const when = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(full, when, when);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-root-'));
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('an app is built when its manifest is newer than its sources, shared/src and its config', () => {
  const built = () => check(`b.isAppBuilt('mf-chat', ${JSON.stringify(root)})`);
  write('mf-chat/src/routes/chats-page.tsx', 60);
  write('shared/src/index.ts', 60);
  write('mf-chat/webpack.config.js', 60);
  expect(built()).toBe(false); // never built

  write('mf-chat/dist/mf-manifest.json', 30);
  expect(built()).toBe(true);

  write('shared/src/api/api.ts', 10); // a change in shared rebuilds every app
  expect(built()).toBe(false);

  write('mf-chat/dist/mf-manifest.json', 5);
  write('mf-chat/src/locales/nl.json', 1);
  expect(built()).toBe(false);
});

test('the api is built when dist/server.js is newer than api/src and shared/src', () => {
  const built = () => check(`b.isApiBuilt(${JSON.stringify(root)})`);
  write('api/src/server.ts', 60);
  write('shared/src/index.ts', 60);
  expect(built()).toBe(false);
  write('api/dist/server.js', 30);
  expect(built()).toBe(true);
  write('api/src/routes/user.ts', 1);
  expect(built()).toBe(false);
});
