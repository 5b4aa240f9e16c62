const { createConfig } = require('../tools/webpack/create-config');

// The host: remotes are registered at run time from the registry the server inlines (ARCHITECTURE §3).
module.exports = createConfig({ dir: __dirname, name: 'shell', host: true });
