import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANDER_CHUNKS } from './chunks';

test('the server names the same chunk for each lander as its import() in index.ts', () => {
  const source = readFileSync(path.join(__dirname, 'index.ts'), 'utf8');
  const named = Object.fromEntries(
    [...source.matchAll(/(\w+): lazy\(\(\) => import\(\/\* webpackChunkName: "([\w-]+)" \*\//g)].map((m) => [
      m[1],
      m[2],
    ]),
  );
  expect(named).toEqual(LANDER_CHUNKS);
});
