// A local ESLint rule for the api's layers (api/README.md): the layers stand on each other one way. `lib/`, `db/`
// and `plugins/` are below the domains and import none of them (not a domain's index.ts either); a domain imports
// them. What stands above the domains and wires them together (app.ts, domains/services.ts, domains/routes.ts,
// domains/services-plugin.ts, domains/request-context.ts, domains/schema.ts) is not checked here.
import path from 'node:path';

const SRC = `${path.sep}api${path.sep}src${path.sep}`;
const LOWER = ['lib', 'db', 'plugins'];

/** The top folder under api/src of a file (lib, db, plugins, domains, …), or null outside api/src. */
function layerOf(file) {
  const at = file.lastIndexOf(SRC);
  if (at < 0) return null;
  const parts = file.slice(at + SRC.length).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

export const noDomainImports = {
  meta: {
    type: 'problem',
    docs: { description: 'lib/, db/ and plugins/ of the api import no domain (the layers stand one way).' },
    schema: [],
    messages: {
      upward:
        "'{{source}}' is in src/domains/, above {{layer}}/: {{layer}}/ imports no domain. Move what both need down " +
        '(into lib/), or take it as a parameter, or move this file above the domains.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename ?? context.getFilename());
    const layer = layerOf(file);
    if (!LOWER.includes(layer)) return {};
    function check(node) {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      if (layerOf(`${target}${path.sep}x`) !== 'domains' && layerOf(target) !== 'domains') return;
      context.report({ node: source, messageId: 'upward', data: { source: source.value, layer } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-domain-imports': noDomainImports } };
