const { createConfig } = require('../tools/webpack/create-config');

// The exposed module is the contract with the shell (docs/adr/0001-module-federation.md): the shell knows only the `/staff` prefix and
// renders `./StaffApp` there; every staff page is a route inside it, so no member's bundle lists them.
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_staff',
  port: 3006,
  exposes: {
    './StaffApp': './src/staff-app.tsx',
  },
});
