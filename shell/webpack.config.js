const { createConfig, createServerConfig } = require('../tools/webpack/create-config');

// The host: remotes are registered at run time from the registry the server inlines (docs/adr/0001-module-federation.md).
const browser = createConfig({ dir: __dirname, name: 'shell', host: true });
// The server bundle the api renders the landers with (docs/adr/0030); `webpack serve` serves the browser build only.
module.exports = process.env.WEBPACK_SERVE
  ? browser
  : [browser, createServerConfig({ dir: __dirname, name: 'shell', serverEntry: './src/server/render.tsx' })];
