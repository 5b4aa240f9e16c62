const { createConfig } = require('../tools/webpack/create-config');

// The exposed modules are the contract with the shell (docs/adr/0001-module-federation.md): keep these names backward compatible.
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_chat',
  exposes: {
    './ChatsPage': './src/routes/chats-page.tsx',
    './ConversationPage': './src/routes/conversation-page.tsx',
    './ConversationList': './src/components/conversation-list.tsx',
  },
});
