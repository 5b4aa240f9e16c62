// A local ESLint rule for the api's layers (api/README.md, ADR 0038): the layers stand on each other one way. From
// the bottom: base (config.ts, lib/, db/), plugins/, the domains, the composition root (app/), the demo
// seed (seed/) and the start command (server.ts); a file imports its own layer or those below it, type imports
// included (tools/eslint/api-structure.mjs). So lib/, db/, plugins/ and config.ts import no domain, a domain
// imports no part of the composition root, and the app does not load the seed.
import path from 'node:path';
import { LAYERS, placeOf, placeOfImport, rankOf } from './api-structure.mjs';

const IMPORTS = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'];

export const oneWay = {
  meta: {
    type: 'problem',
    docs: {
      description: 'The api imports only its own layer or the layers below it (the layers stand one way).',
    },
    schema: [],
    messages: {
      upward:
        "'{{source}}' is in the {{to}} layer, above {{from}} (layers from the bottom: {{layers}}): move what both " +
        'need down, take it as a parameter (a port the layer above fills in), or move this file up.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename ?? context.getFilename());
    const from = placeOf(file);
    if (!from) return {};
    function check(node) {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = placeOfImport(file, source.value);
      if (!to || rankOf(to.layer) <= rankOf(from.layer)) return;
      context.report({
        node: source,
        messageId: 'upward',
        data: { source: source.value, from: from.layer, to: to.layer, layers: LAYERS.join(' < ') },
      });
    }
    return Object.fromEntries(IMPORTS.map((type) => [type, check]));
  },
};

export default { rules: { 'one-way': oneWay } };
