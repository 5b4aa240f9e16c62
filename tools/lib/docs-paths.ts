// The repository paths that comments and docs name, and which of them do not exist (tools/docs-paths.test.ts).
// A comment that still names a file after the file moved sends its reader nowhere: every path that starts with a
// top-level folder of the repository and ends in a file extension or a `/` must exist.
import fs from 'node:fs';
import path from 'node:path';

/** Folders never walked: installed packages, build and test outputs. */
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
]);

/** The text of a file that is written for readers: all of a Markdown file, the comments of code and SQL. */
export function proseOf(file: string, text: string): string {
  if (file.endsWith('.md')) return text;
  if (file.endsWith('.sql')) return [...text.matchAll(/--(.*)$/gm)].map((m) => m[1]).join('\n');
  if (/\.(ts|tsx|js|mjs|cjs|scss)$/.test(file)) {
    // Line comments (not the `//` of a URL such as `https://…`) and block comments.
    const parts = [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/(.*)$/gm)].map((m) => m[1] ?? m[0]);
    return parts.join('\n');
  }
  return '';
}

/**
 * Candidate repository paths in a text: a top-level folder of the repository, then path characters, ending in a
 * file extension or a `/`. Patterns and placeholders (`*`, `<name>`, `{a,b}`, `…`, `${x}`, `:id`) are not paths.
 */
export function namedPaths(text: string, topLevel: readonly string[]): string[] {
  const tops = topLevel.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const re = new RegExp(`(?<![\\w./@~-])(?:${tops})/[\\w./@\\-\\[\\]*<>{}…$:]*`, 'g');
  const found = new Set<string>();
  for (const [raw] of text.matchAll(re)) {
    const candidate = raw.replace(/[.:]+$/, '');
    if (/[*<>{}…$]|:/.test(candidate)) continue;
    if (!/\.[a-z0-9]+$/i.test(candidate) && !candidate.endsWith('/')) continue;
    if (/\.\.?\//.test(candidate.slice(candidate.indexOf('/')))) continue; // `api/../x`: not a plain path
    found.add(candidate);
  }
  return [...found];
}

/** Relative Markdown link targets (`[text](../docs/adr/0001-….md#part)`), without the anchor. */
export function markdownLinks(text: string): string[] {
  const links = new Set<string>();
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!.split('#')[0];
    if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    links.add(target);
  }
  return [...links];
}

/**
 * What a file's prose names that does not exist: repository paths (from the root) and, in Markdown, relative link
 * targets (from the file's folder). `allow(p)` returns a reason for a path that is not one of this repository's.
 */
export function missingPaths(
  file: string,
  text: string,
  options: {
    root: string;
    topLevel: readonly string[];
    exists?: (absolutePath: string) => boolean;
    allow?: (repoPath: string) => string | null;
  },
): string[] {
  const { root, topLevel, exists = fs.existsSync, allow = () => null } = options;
  const prose = proseOf(file, text);
  const missing: string[] = [];
  for (const p of namedPaths(prose, topLevel)) {
    if (allow(p)) continue;
    if (!exists(path.join(root, p))) missing.push(p);
  }
  if (file.endsWith('.md')) {
    for (const link of markdownLinks(text)) {
      const target = path.join(path.dirname(path.join(root, file)), decodeURIComponent(link));
      if (!exists(target)) missing.push(link);
    }
  }
  return missing;
}

/** The repository's top-level folders (those a path in prose starts with). */
export function topLevelFolders(root: string): string[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !SKIP_DIRS.has(d.name) && !d.name.startsWith('.'))
    .map((d) => d.name);
}

/** Every file of the repository whose prose is checked, as paths from the root. */
export function proseFiles(root: string, dir = ''): string[] {
  const files: string[] = [];
  for (const d of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(d.name) || d.name.startsWith('.data-')) continue;
    const rel = dir ? `${dir}/${d.name}` : d.name;
    if (d.isDirectory()) files.push(...proseFiles(root, rel));
    else if (/\.(md|ts|tsx|js|mjs|cjs|scss|sql)$/.test(d.name)) files.push(rel);
  }
  return files;
}
