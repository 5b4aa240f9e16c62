import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/**
 * Readable stacks for staff (docs/adr/0032-canary-guard.md): the browsers report minified stacks; the builds' source maps stay on the
 * server (webpack's `hidden-source-map`: no URL to them in the files, and the remote-file route does not serve
 * them), and here the top frames of a stored stack are mapped back to the sources of the version that threw.
 */

/** `at fn (https://host/remotes/<app>/<version>/<file>.js:12:345)` (Chromium) or `fn@…:12:345` (Firefox, Safari). */
const FRAME =
  /(?:at\s+(?:(.+?)\s+\()?|^(.*?)@)(?:https?:\/\/[^/\s]+)?(\/remotes\/([\w-]+)\/([\w.+-]+)\/([\w./-]+\.js)):(\d+):(\d+)\)?/;

export interface ResolvedFrame {
  /** The line as reported. */
  raw: string;
  /** `src/pages/home.tsx:12:5 (render)`, or null when no map answered. */
  source: string | null;
}

/**
 * Maps up to `maxFrames` frames of `stack`. `loadMap(app, version, file)` returns the map's JSON text (`<file>.map`
 * of that version) or null. Maps are parsed once per call per file.
 */
export async function resolveStack(
  stack: string,
  loadMap: (app: string, version: string, file: string) => Promise<string | null>,
  maxFrames = 8,
): Promise<ResolvedFrame[]> {
  const consumers = new Map<string, SourceMapConsumer | null>();
  const frames: ResolvedFrame[] = [];
  for (const line of stack.split('\n')) {
    if (frames.length >= maxFrames) break;
    const match = FRAME.exec(line.trim());
    if (!match) continue;
    const [, atName, atName2, , app, version, file, lineNo, column] = match;
    const key = `${app}/${version}/${file}`;
    if (!consumers.has(key)) {
      let consumer: SourceMapConsumer | null = null;
      try {
        const text = await loadMap(app!, version!, `${file}.map`);
        if (text) consumer = new SourceMapConsumer(JSON.parse(text) as RawSourceMap);
      } catch {
        consumer = null;
      }
      consumers.set(key, consumer);
    }
    const consumer = consumers.get(key);
    const position = consumer?.originalPositionFor({ line: Number(lineNo), column: Number(column) - 1 });
    const name = position?.name ?? atName ?? atName2 ?? null;
    frames.push({
      raw: line.trim(),
      source:
        position?.source != null
          ? `${position.source.replace(/^webpack:\/\/[^/]*\//, '')}:${position.line}:${(position.column ?? 0) + 1}${name ? ` (${name})` : ''}`
          : null,
    });
  }
  return frames;
}
