// The libraries every app shares as singletons (ARCHITECTURE §3), listed by name, never `...dependencies`.
// Versions are read from what is installed, so host and remotes agree on what they provide.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

function installedVersion(pkg) {
  return require(require.resolve(`${pkg}/package.json`, { paths: [root] })).version;
}

function major(version) {
  return `^${version.split('.')[0]}.0.0`;
}

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'i18next',
  'react-i18next',
];

/** Subpath keys (trailing slash) so `react/jsx-runtime`, `react-dom/client`, `@reduxjs/toolkit/query/react` share too. */
const WITH_SUBPATHS = new Set(['react', 'react-dom', '@reduxjs/toolkit']);

function sharedConfig() {
  const shared = {};
  for (const pkg of SINGLETONS) {
    const version = installedVersion(pkg);
    const item = { singleton: true, version, requiredVersion: major(version) };
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

module.exports = { sharedConfig, SINGLETONS };
