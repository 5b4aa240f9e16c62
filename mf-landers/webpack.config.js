const { createConfig, createServerConfig } = require('../tools/webpack/create-config');

// The exposed modules are the contract with the shell (docs/adr/0001-module-federation.md): keep these names backward compatible.
const exposes = {
  './HomePage': './src/routes/home-page.tsx',
  './LanderPage': './src/routes/lander-page.tsx',
  './SwipeGamePage': './src/routes/swipe-game-page.tsx',
  './MatchFinderPage': './src/routes/match-finder-page.tsx',
};

// The browser build, and the server container the api renders the landers with (docs/adr/0030).
// Every lander's code is in the chunk named after it (`lander-home`, `lander-gallery`, …), which is all a lander page
// loads of landers code: no nameless chunks of code two landers share (webpack's `default` group). The home lander
// is both in the HomePage module (`/` needs no second round trip) and in `lander-home`, which the slug pages
// (`/{token}`) load; e2e/tests/landers/variants.spec.ts checks each page loads its own chunk and no other lander's.
const splitChunks = { cacheGroups: { default: false } };
const browser = createConfig({ dir: __dirname, name: 'mf_landers', exposes, splitChunks });
// `webpack serve` (npm run dev) serves the browser build only.
// The server container also tells the api which CSS files a page links (`./ServerInfo`).
const server = createServerConfig({
  dir: __dirname,
  name: 'mf_landers',
  exposes: { ...exposes, './ServerInfo': './src/routes/server-info.ts' },
});
module.exports = process.env.WEBPACK_SERVE ? browser : [browser, server];
