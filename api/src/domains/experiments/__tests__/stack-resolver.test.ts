import { SourceMapGenerator } from 'source-map-js';
import { resolveStack } from '../stack-resolver';

/** A map for `main.123.js` whose line 1, column 101 comes from `src/pages/home.tsx` line 12, column 4 (`render`). */
function mapFor(file: string) {
  const generator = new SourceMapGenerator({ file });
  generator.addMapping({
    generated: { line: 1, column: 100 },
    original: { line: 12, column: 4 },
    source: 'webpack://mf-landers/src/pages/home.tsx',
    name: 'render',
  });
  return generator.toString();
}

test('minified frames of a deployed version are mapped to its sources; others are left as they came', async () => {
  const asked: string[] = [];
  const stack = [
    'TypeError: x is undefined',
    '    at ye (https://site.example/remotes/mf-landers/1.0.0-aaaa/main.123.js:1:101)',
    'ye@https://site.example/remotes/mf-landers/1.0.0-aaaa/main.123.js:1:101',
    '    at https://site.example/remotes/mf-chat/2.0.0-bbbb/9.js:3:7',
    '    at Object.<anonymous> (https://cdn.other/lib.js:1:1)',
  ].join('\n');
  const frames = await resolveStack(stack, async (app, version, file) => {
    asked.push(`${app}/${version}/${file}`);
    return app === 'mf-landers' ? mapFor('main.123.js') : null;
  });
  expect(frames.map((f) => f.source)).toEqual([
    'src/pages/home.tsx:12:5 (render)',
    'src/pages/home.tsx:12:5 (render)',
    null,
  ]);
  // One map read per file, however many frames point into it; nothing outside /remotes/ is looked up.
  expect(asked).toEqual(['mf-landers/1.0.0-aaaa/main.123.js.map', 'mf-chat/2.0.0-bbbb/9.js.map']);
});

test('a broken map is no map', async () => {
  const frames = await resolveStack('    at a (/remotes/mf-chat/1.0.0-x/1.js:1:1)', async () => '{not json');
  expect(frames).toEqual([{ raw: 'at a (/remotes/mf-chat/1.0.0-x/1.js:1:1)', source: null }]);
});
