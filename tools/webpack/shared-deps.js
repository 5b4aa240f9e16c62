// The libraries every app shares as singletons (docs/adr/0001-module-federation.md), listed by name, never `...dependencies`.
// Versions are read from what is installed, so host and remotes agree on what they provide.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

function installedVersion(pkg) {
  return require(require.resolve(`${pkg}/package.json`, { paths: [root] })).version;
}

function major(version) {
  return `^${version.split('.')[0]}.0.0`;
}

/**
 * Only what needs one instance on the page is shared (docs/adr/0016-first-load-budget.md): React and its
 * renderer, the router and the two React bindings (their contexts), and `@dating/shared` (the store, the api and
 * the i18n instance live there). `@reduxjs/toolkit` and `i18next` are not shared: no remote needs their
 * identity (createSlice and skipToken are plain functions and a registered symbol; the one store and i18n
 * instance come from `@dating/shared`), so each build bundles and tree-shakes the parts it imports.
 */
const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'react-redux', 'react-i18next'];

/** Subpath keys (trailing slash) so `react/jsx-runtime`, `react-dom/client`, `@reduxjs/toolkit/query/react` share too. */
const WITH_SUBPATHS = new Set(['react', 'react-dom']);

/**
 * Shared modules whose provided (and fallback) module is a facade exporting only the browser API, so the shared
 * chunk can be tree-shaken (docs/adr/0003-performance.md). The facades import the real package through the
 * aliases of routerAliases(), which no share key matches.
 */
const FACADES = {
  'react-router': path.join(__dirname, 'shims/react-router.mjs'),
  'react-router-dom': path.join(__dirname, 'shims/react-router-dom.mjs'),
  'react-redux': path.join(__dirname, 'shims/react-redux.mjs'),
  'react-i18next': path.join(__dirname, 'shims/react-i18next.mjs'),
};

function packageDir(pkg) {
  return path.dirname(require.resolve(`${pkg}/package.json`, { paths: [root] }));
}

/** `react-router-impl` / `react-router-dom-impl` → react-router's own build for the mode (production or development). */
function routerAliases(isProd) {
  const dist = path.join(
    path.dirname(require.resolve('react-router/package.json', { paths: [root] })),
    'dist',
  );
  const mode = isProd ? 'production' : 'development';
  return {
    'react-router-impl$': path.join(dist, mode, 'index.mjs'),
    'react-router-dom-impl$': path.join(dist, mode, 'dom-export.mjs'),
    'react-redux-impl$': path.join(packageDir('react-redux'), 'dist/react-redux.mjs'),
    'react-i18next-impl$': path.join(packageDir('react-i18next'), 'dist/es/index.js'),
  };
}

function sharedConfig() {
  const shared = {};
  for (const pkg of SINGLETONS) {
    const version = installedVersion(pkg);
    const item = { singleton: true, version, requiredVersion: major(version) };
    if (FACADES[pkg]) item.import = FACADES[pkg];
    shared[pkg] = item;
    if (WITH_SUBPATHS.has(pkg)) shared[`${pkg}/`] = { ...item };
  }
  // A workspace range is not semver: give the shared package's version explicitly.
  const sharedPkg = require(path.join(root, 'shared/package.json'));
  shared['@dating/shared'] = {
    singleton: true,
    version: sharedPkg.version,
    requiredVersion: `^${sharedPkg.version}`,
  };
  return shared;
}

module.exports = { sharedConfig, routerAliases, SINGLETONS, FACADES };
