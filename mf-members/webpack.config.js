const { createConfig } = require('../tools/webpack/create-config');

// The exposed modules are the contract with the shell (docs/adr/0001-module-federation.md): keep these names backward compatible.
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_members',
  exposes: {
    './MembersPage': './src/routes/members-page.tsx',
    './MemberProfilePage': './src/routes/member-profile-page.tsx',
    './LikesPage': './src/routes/likes-page.tsx',
  },
});
