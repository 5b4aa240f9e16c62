// Publishing builds into $DATA_DIR/site and switching the registry (ARCHITECTURE §3, docs/adr/0002).
//
// $DATA_DIR/site/<app>/<version>/…        immutable copy of <app>/dist, with .gz and .br siblings
// $DATA_DIR/site/registry.json             { "apps": { "<app>": { "current": "<version>", "history": [older…],
//                                                                 "canary"?: { "version", "weight", "since" } } } }
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from './apps.mjs';

/** Previous versions kept on disk (and in the history) besides the current one. */
export const HISTORY_LIMIT = 5;
const COMPRESSIBLE = /\.(js|css|json|svg|html)$/;

function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/** sha256 over every file's path and bytes: the same build gives the same version, any change a new one. */
export function contentHash(dir) {
  const hash = crypto.createHash('sha256');
  for (const file of listFiles(dir)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function appVersion(app, distDir) {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, app, 'package.json'), 'utf8'));
  return `${version}-${contentHash(distDir).slice(0, 8)}`;
}

export function registryPath(dataDir) {
  return path.join(dataDir, 'site', 'registry.json');
}

export function readRegistry(dataDir) {
  try {
    const registry = JSON.parse(fs.readFileSync(registryPath(dataDir), 'utf8'));
    return { apps: registry.apps ?? {} };
  } catch (error) {
    if (error.code === 'ENOENT') return { apps: {} };
    throw error;
  }
}

/** Temp file + rename: the server never reads a half-written registry. */
function writeRegistry(dataDir, registry) {
  const file = registryPath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(registry, null, 2)}\n`);
  fs.renameSync(temp, file);
}

/** Serialises read-modify-write of the registry between concurrent deploys (a lock directory). */
async function withRegistryLock(dataDir, fn) {
  const lock = path.join(dataDir, 'site', '.registry.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 30_000) fs.rmSync(lock, { recursive: true, force: true });
      else if (attempt > 600)
        throw new Error(`Registry is locked (${lock}); remove it if no deploy is running.`);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function copyWithCompression(fromDir, toDir) {
  let compressed = 0;
  for (const file of listFiles(fromDir)) {
    const source = path.join(fromDir, file);
    const target = path.join(toDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const bytes = fs.readFileSync(source);
    fs.writeFileSync(target, bytes);
    if (COMPRESSIBLE.test(file)) {
      fs.writeFileSync(`${target}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      fs.writeFileSync(
        `${target}.br`,
        zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
      );
      compressed += 1;
    }
  }
  return compressed;
}

/** Deletes version folders that are neither current nor in the kept history. Returns what it removed. */
function prune(dataDir, app, entry) {
  const appDir = path.join(dataDir, 'site', app);
  const keep = new Set([entry.current, ...entry.history, ...(entry.canary ? [entry.canary.version] : [])]);
  const removed = [];
  for (const name of fs.readdirSync(appDir)) {
    if (name.startsWith('.') || keep.has(name)) continue;
    fs.rmSync(path.join(appDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Publishes `distDir` (default `<root>/<app>/dist`) as a new immutable version of `app` and makes it current.
 * @returns {Promise<{ version: string, previous: string | null, copied: boolean, switched: boolean, pruned: string[] }>}
 */
export async function deploy(
  app,
  { dataDir, distDir = path.join(ROOT, app, 'dist'), log = console.log } = {},
) {
  if (!fs.existsSync(path.join(distDir, 'mf-manifest.json'))) {
    throw new Error(`${distDir} has no mf-manifest.json: build it first (npm run build -w @dating/${app}).`);
  }
  const version = appVersion(app, distDir);
  const versionDir = path.join(dataDir, 'site', app, version);
  let copied = false;
  if (fs.existsSync(versionDir)) {
    log(`${app}: version ${version} is already on disk (immutable, not copied again)`);
  } else {
    // Copy next to the target and rename: a version folder that exists is always complete.
    const temp = path.join(dataDir, 'site', app, `.tmp-${version}-${process.pid}`);
    fs.rmSync(temp, { recursive: true, force: true });
    const compressed = copyWithCompression(distDir, temp);
    fs.renameSync(temp, versionDir);
    copied = true;
    log(`${app}: copied ${distDir} to ${versionDir} (${compressed} files with .gz and .br)`);
  }
  return withRegistryLock(dataDir, () => {
    const registry = readRegistry(dataDir);
    const entry = registry.apps[app] ?? { current: null, history: [] };
    const previous = entry.current ?? null;
    if (previous === version) {
      log(`${app}: ${version} is already current; registry unchanged`);
      return { version, previous, copied, switched: false, pruned: [] };
    }
    const history = [previous, ...(entry.history ?? [])].filter((v) => v && v !== version);
    const next = { current: version, history: history.slice(0, HISTORY_LIMIT) };
    // A running experiment stays, unless its canary is what just became the stable version.
    if (entry.canary && entry.canary.version !== version) next.canary = entry.canary;
    registry.apps[app] = next;
    writeRegistry(dataDir, registry);
    log(`${app}: registry switched ${previous ?? '(none)'} → ${version}`);
    const pruned = prune(dataDir, app, next);
    if (pruned.length) log(`${app}: removed old versions ${pruned.join(', ')}`);
    return { version, previous, copied, switched: true, pruned };
  });
}

/** Makes the newest version of the history current again. The version rolled back from stays on disk. */
export async function rollback(app, { dataDir, log = console.log } = {}) {
  return withRegistryLock(dataDir, () => {
    const registry = readRegistry(dataDir);
    const entry = registry.apps[app];
    if (entry?.canary) {
      // Rolling back an experiment ends it: every visitor gets the stable version again.
      const { canary, ...rest } = entry;
      registry.apps[app] = rest;
      writeRegistry(dataDir, registry);
      log(`${app}: canary ${canary.version} (${canary.weight} %) removed; everyone gets ${entry.current}`);
      return { from: canary.version, to: entry.current, canary: true };
    }
    const target = entry?.history?.find((v) => fs.existsSync(path.join(dataDir, 'site', app, v)));
    if (!entry || !target) throw new Error(`${app}: no previous version to roll back to`);
    const from = entry.current;
    registry.apps[app] = { current: target, history: entry.history.slice(entry.history.indexOf(target) + 1) };
    writeRegistry(dataDir, registry);
    log(`${app}: rolled back ${from} → ${target}`);
    return { from, to: target };
  });
}

/** Content hash prefix of a version string (`0.1.0-1a2b3c4d` → `1a2b3c4d`). */
export function versionHash(version) {
  return String(version).split('-').pop();
}

/** A canary weight: a whole number of percent, 0 to 100. Throws a message for the operator otherwise. */
export function parseWeight(value) {
  const text = String(value ?? '');
  if (!/^\d{1,3}$/.test(text) || Number(text) > 100) {
    throw new Error(
      `canary weight must be a whole number from 0 to 100 (percent of visitors), not "${text}"`,
    );
  }
  return Number(text);
}

/**
 * Starts (or re-weights) an experiment: `version` is served to `weight` percent of visitors, the current version
 * to the rest (the server assigns each visitor once, ARCHITECTURE §3). The version is either an existing version
 * folder (`version`) or `distDir`'s build, published first. Refuses, changing nothing, for a bad weight, a version
 * that does not exist, the shell (not loaded through the registry's remotes), an app with no stable version, or
 * the stable version itself.
 */
export async function deployCanary(
  app,
  { dataDir, weight, version: wanted, distDir = path.join(ROOT, app, 'dist'), log = console.log } = {},
) {
  const percent = parseWeight(weight);
  if (app === 'shell') throw new Error('shell: canaries are for remotes (the shell is the page itself)');
  const registry = readRegistry(dataDir);
  const entry = registry.apps[app];
  if (!entry?.current)
    throw new Error(`${app}: no stable version deployed yet; deploy one first (npm run deploy -- ${app})`);
  let version = wanted;
  if (version !== undefined) {
    if (
      !/^[\w.+-]+$/.test(version) ||
      !fs.existsSync(path.join(dataDir, 'site', app, version, 'mf-manifest.json'))
    ) {
      throw new Error(`${app}: version "${version}" does not exist in ${path.join(dataDir, 'site', app)}`);
    }
  } else {
    if (!fs.existsSync(path.join(distDir, 'mf-manifest.json'))) {
      throw new Error(
        `${distDir} has no mf-manifest.json: build it first (npm run build -w @dating/${app}).`,
      );
    }
    version = appVersion(app, distDir);
  }
  if (version === entry.current)
    throw new Error(`${app}: ${version} is already the stable version; a canary must differ`);
  const versionDir = path.join(dataDir, 'site', app, version);
  if (!fs.existsSync(versionDir)) {
    const temp = path.join(dataDir, 'site', app, `.tmp-${version}-${process.pid}`);
    fs.rmSync(temp, { recursive: true, force: true });
    const compressed = copyWithCompression(distDir, temp);
    fs.renameSync(temp, versionDir);
    log(`${app}: copied ${distDir} to ${versionDir} (${compressed} files with .gz and .br)`);
  }
  return withRegistryLock(dataDir, () => {
    const latest = readRegistry(dataDir);
    const current = latest.apps[app];
    if (!current?.current || current.current === version)
      throw new Error(`${app}: the stable version changed meanwhile; try again`);
    const same = current.canary?.version === version;
    const canary = {
      version,
      weight: percent,
      since: same ? current.canary.since : new Date().toISOString(),
    };
    latest.apps[app] = { ...current, canary };
    writeRegistry(dataDir, latest);
    log(
      same
        ? `${app}: canary ${version} now ${percent} % (was ${current.canary.weight} %)`
        : `${app}: canary ${version} serves ${percent} % of visitors, stable ${current.current} the rest`,
    );
    return { version, weight: percent, stable: current.current };
  });
}

/** Ends an experiment in the canary's favour: it becomes the stable version, the old stable goes to the history. */
export async function promote(app, { dataDir, log = console.log } = {}) {
  return withRegistryLock(dataDir, () => {
    const registry = readRegistry(dataDir);
    const entry = registry.apps[app];
    if (!entry?.canary) throw new Error(`${app}: no canary to promote`);
    const { canary, ...rest } = entry;
    const history = [rest.current, ...(rest.history ?? [])].filter((v) => v && v !== canary.version);
    registry.apps[app] = { current: canary.version, history: history.slice(0, HISTORY_LIMIT) };
    writeRegistry(dataDir, registry);
    log(`${app}: promoted canary ${canary.version} to stable (was ${rest.current})`);
    const pruned = prune(dataDir, app, registry.apps[app]);
    if (pruned.length) log(`${app}: removed old versions ${pruned.join(', ')}`);
    return { from: rest.current, to: canary.version };
  });
}
