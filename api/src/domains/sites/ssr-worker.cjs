// A server-rendering worker thread (docs/adr/0030-server-rendered-landers.md, "Isolation"), started by
// `createServerRenderer` (ssr.ts). It evaluates the shell's and the page's remote's (mf-landers, mf-account) server
// bundles once per version, as the
// main thread did before, and renders; whatever a render needs from the api goes through the main thread by
// message: the version's files (`read`) and the page's api requests (`fetch`, answered in process with the visitor's
// cookies). A render that loops synchronously blocks only this thread: the main thread answers the visitor with
// client rendering at the time budget and terminates the thread. Plain CommonJS: it runs as is from the sources
// (tests) and from api/dist (copied by api/build.mjs).
'use strict';
const { parentPort } = require('node:worker_threads');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const nodeRequire = createRequire(path.join(process.cwd(), 'ssr.js'));

/**
 * A CommonJS bundle evaluated as a module of this thread (it may require Node's built-in modules only). Compiled as
 * the body of a function, with nothing put before the code: the lines and columns of a stack frame are the bundle's
 * own, so the version's source map (`server/<file>.js.map`) resolves a server render's error for staff
 * (docs/adr/0032-canary-guard.md).
 */
function evaluateCommonJs(code, filename) {
  const module = { exports: {} };
  const wrapper = vm.compileFunction(code, ['exports', 'module', 'require', '__dirname', '__filename'], {
    filename,
  });
  wrapper(module.exports, module, nodeRequire, path.dirname(filename), filename);
  return module.exports;
}

let nextCall = 0;
const calls = new Map();
/** A question to the main thread (`read`, `fetch`), answered by a `reply` message. */
function ask(message, transfer) {
  const call = ++nextCall;
  return new Promise((resolve, reject) => {
    calls.set(call, { resolve, reject });
    parentPort.postMessage({ ...message, call }, transfer);
  });
}

class MissingBundle extends Error {}

function read(app, version, file) {
  return ask({ type: 'read', app, version, file });
}

/** Cached while it loads and once loaded; a failure is forgotten so the next request tries again. */
function once(cache, key, load) {
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    cache.set(key, pending);
    pending.catch(() => {
      if (cache.get(key) === pending) cache.delete(key);
    });
  }
  return pending;
}

const shells = new Map();
const containers = new Map();
let currentShell = null;
let evaluations = 0;

/**
 * A remote version's container, evaluated once per shell version: a container is initialised with its host's
 * shared singletons, so a new shell version (another React instance) gets fresh containers.
 */
function container(shellVersion, remote) {
  const app = remote.name.replace(/_/g, '-');
  return once(containers, `${shellVersion}|${app}@${remote.version}`, async () => {
    const code = await read(app, remote.version, 'server/remoteEntry.js');
    if (code === null) throw new MissingBundle(`${app} ${remote.version} has no server bundle`);
    const exports = evaluateCommonJs(code, `/remotes/${app}/${remote.version}/server/remoteEntry.js`);
    return exports[remote.name] ?? exports;
  });
}

function shell(version) {
  // One shell version at a time: the federation runtime's share scope is the thread's, and a container
  // initialised with another shell's singletons would render with a second React. A deploy or rollback of the
  // shell evaluates it and the containers afresh.
  if (version !== currentShell) {
    shells.clear();
    containers.clear();
    currentShell = version;
  }
  return once(shells, version, async () => {
    const code = await read('shell', version, 'server/render.js');
    if (code === null) throw new MissingBundle(`shell ${version} has no server bundle`);
    const bundle = evaluateCommonJs(code, `/remotes/shell/${version}/server/render.js`);
    evaluations += 1;
    return bundle.createRenderer({
      name: `shell_server_${evaluations}`,
      loadContainer: (remote) => container(version, remote),
    });
  });
}

/** The page's api request, answered by the main thread (the api in process, as the visitor). */
async function proxyFetch(id, request) {
  const body = request.body ? await request.arrayBuffer() : null;
  const answer = await ask(
    { type: 'fetch', id, url: request.url, method: request.method, headers: [...request.headers], body },
    body ? [body] : [],
  );
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

const renders = new Map();

async function render(id, input) {
  const controller = new AbortController();
  renders.set(id, controller);
  try {
    const renderer = await shell(input.shellVersion);
    const result = await renderer.render({
      url: input.url,
      siteData: input.siteData,
      remotes: input.remotes,
      fetch: (request) => proxyFetch(id, request),
      signal: controller.signal,
    });
    parentPort.postMessage({ type: 'done', id, result });
  } catch (error) {
    const missing =
      error instanceof MissingBundle || /has no server bundle/.test(String(error && error.message));
    parentPort.postMessage({
      type: 'failed',
      id,
      missing,
      error: { message: String((error && error.message) || error), stack: error && error.stack },
    });
  } finally {
    renders.delete(id);
  }
}

parentPort.on('message', (message) => {
  switch (message.type) {
    case 'render':
      void render(message.id, message.input);
      break;
    case 'warm':
      // The deployed versions' bundles evaluated before the first render needs them; a failure shows at that render.
      shell(message.shellVersion)
        .then(() => Promise.all(message.remotes.map((remote) => container(message.shellVersion, remote))))
        .catch(() => undefined);
      break;
    case 'abort':
      renders.get(message.id)?.abort();
      break;
    case 'ping':
      parentPort.postMessage({ type: 'pong', ping: message.ping });
      break;
    case 'reply': {
      const call = calls.get(message.call);
      if (!call) break;
      calls.delete(message.call);
      if (message.error) call.reject(new Error(message.error));
      else call.resolve(message.value);
      break;
    }
  }
});
