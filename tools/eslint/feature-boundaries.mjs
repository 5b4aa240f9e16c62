// Local ESLint rule for the front end's features (docs/adr/0001-module-federation.md, addendum; a remote is cut by
// feature as in bulletproof-react).
// - `no-cross-import`: a file in `<app>/src/features/<a>/` does not import a file of `<app>/src/features/<b>/`.
//   What two features share is the remote's: UI in `src/components/`, hooks, endpoints and helpers in `src/lib/`
//   (mf-staff: its base api in `src/api/`); a page that shows two features composes them from `src/routes/` (or
//   mf-staff's `staff-app.tsx`). Imports, re-exports, `import()` and `jest.mock()` paths all count, tests too.
//   Nothing is listed per feature, so a new feature is held by the rule the day it is made.
import path from 'node:path';

const FEATURE = /(?:^|\/)([^/]+)\/src\/features\/([^/]+)\//;

/** The app and the feature of a file under `<app>/src/features/<feature>/`, or null. */
export function featureOf(file) {
  const match = FEATURE.exec(file.split(path.sep).join('/'));
  return match ? { app: match[1], feature: match[2] } : null;
}

export const noCrossImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Features of one remote do not import each other.' },
    schema: [],
    messages: {
      cross:
        "'{{source}}' reaches from the {{from}} feature into the {{to}} feature of {{app}}: features do not import " +
        'each other. Move what both use to {{app}}/src/components/ (UI) or {{app}}/src/lib/ (hooks, endpoints, ' +
        'helpers), or compose the two in the page that shows both (src/routes/).',
    },
  },
  create(context) {
    const file = path.resolve(context.filename ?? context.getFilename());
    const from = featureOf(file);
    if (!from) return {};
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      // A trailing separator keeps `../../likes` (a folder) inside its feature for featureOf.
      const to = featureOf(`${path.resolve(path.dirname(file), source.value)}${path.sep}`);
      if (!to || to.app !== from.app || to.feature === from.feature) return;
      context.report({
        node: source,
        messageId: 'cross',
        data: { source: source.value, app: from.app, from: from.feature, to: to.feature },
      });
    }
    const fromSource = (node) => check(node, node.source);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: fromSource,
      // jest.mock('../../x/…') and jest.requireActual(…) tie a test to the other feature's files just the same.
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'jest' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'requireActual', 'doMock'].includes(callee.property.name) &&
          node.arguments[0]?.type === 'Literal'
        )
          check(node, node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'no-cross-import': noCrossImport } };
