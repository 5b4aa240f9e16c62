const { createConfig } = require('../tools/webpack/create-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_chat',
  port: 3003,
  exposes: { './ChatsPage': './src/routes/chats-page.tsx' },
});
