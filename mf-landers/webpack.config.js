const { createConfig } = require('../tools/webpack/create-config');

// The exposed modules are the contract with the shell (ARCHITECTURE §3): keep these names backward compatible.
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_landers',
  exposes: {
    './HomePage': './src/routes/home-page.tsx',
    './LanderPage': './src/routes/lander-page.tsx',
    './SwipeGamePage': './src/routes/swipe-game-page.tsx',
    './MatchFinderPage': './src/routes/match-finder-page.tsx',
  },
});
