// Where the gzip bytes of built JS files go, by source: each generated segment of a file is charged to the source its
// hidden source map names, and the file's gzip size is shared out in proportion (ADR 0016). After a build:
//   node tools/bench/by-source.mjs shell/dist/main.js mf-landers/dist/remoteEntry.js
//   DEPTH=4 TOP=40 node tools/bench/by-source.mjs shell/dist/main.js   (per file inside each package)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map-js');
const depth = Number(process.env.DEPTH || 0);
const top = Number(process.env.TOP || 25);

function keyOf(source) {
  const file = source.replace(/^webpack:\/\/[^/]*\//, '');
  const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?/);
  if (pkg)
    return depth
      ? pkg[1] +
          (pkg[2] || '')
            .split('/')
            .slice(0, depth + 1)
            .join('/')
      : pkg[1];
  return depth ? file : file.split('/').slice(0, 2).join('/');
}

for (const file of process.argv.slice(2)) {
  const code = fs.readFileSync(file, 'utf8');
  const gzip = zlib.gzipSync(code, { level: 9 }).length;
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
  const lines = code.split('\n');
  const mappings = [];
  consumer.eachMapping((m) => mappings.push(m));
  mappings.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  const sizes = new Map();
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const length =
      next && next.generatedLine === m.generatedLine
        ? next.generatedColumn - m.generatedColumn
        : lines[m.generatedLine - 1].length - m.generatedColumn;
    const key = m.source ? keyOf(m.source) : '(unmapped)';
    sizes.set(key, (sizes.get(key) ?? 0) + length);
  });
  const total = [...sizes.values()].reduce((a, b) => a + b, 0) || 1;
  console.log(`== ${path.basename(file)}: ${(gzip / 1024).toFixed(1)} KB gzip, ${code.length} B raw`);
  for (const [key, size] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(((size / total) * gzip) / 1024).toFixed(2).padStart(6)} KB  ${key}`);
}
