const { createConfig, createServerConfig } = require('../tools/webpack/create-config');

// The exposed modules are the contract with the shell (docs/adr/0001-module-federation.md): keep these names backward compatible.
const exposes = {
  './HomePage': './src/routes/home-page.tsx',
  './LanderPage': './src/routes/lander-page.tsx',
  './SwipeGamePage': './src/routes/swipe-game-page.tsx',
  './MatchFinderPage': './src/routes/match-finder-page.tsx',
};

// The browser build, and the server container the api renders the landers with (docs/adr/0030).
const browser = createConfig({ dir: __dirname, name: 'mf_landers', exposes });
// `webpack serve` (npm run dev) serves the browser build only.
// The server container also tells the api which CSS files a page links (`./ServerInfo`).
const server = createServerConfig({
  dir: __dirname,
  name: 'mf_landers',
  exposes: { ...exposes, './ServerInfo': './src/routes/server-info.ts' },
});
module.exports = process.env.WEBPACK_SERVE ? browser : [browser, server];
