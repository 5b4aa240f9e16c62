// Local ESLint rules for the api's domains (api/README.md, ADR 0007 and 0038):
// - `index-only`: a file in `api/src/domains/<a>/` reaches another domain `<b>` only through `<b>/index.ts` (written
//   `../<b>` or `../<b>/index`). The one exception is the database schema: a `tables.ts` may import another
//   domain's `tables.ts` for its foreign keys.
// - `order`: a domain imports only the domains below it in DOMAIN_ORDER (tools/eslint/api-structure.mjs), type
//   imports included, so no loop between domains can form.
import path from 'node:path';
import { DOMAIN_ORDER, placeOf, placeOfImport } from './api-structure.mjs';

const DOMAINS = `${path.sep}api${path.sep}src${path.sep}domains${path.sep}`;

/** The domain and the path inside it of a file under api/src/domains, or null. */
function place(file) {
  const at = file.lastIndexOf(DOMAINS);
  if (at < 0) return null;
  const parts = file.slice(at + DOMAINS.length).split(path.sep);
  if (parts.length < 2) return null; // not a domain's file (the composition root is api/src/app/)
  return {
    domain: parts[0],
    rest: parts
      .slice(1)
      .join('/')
      .replace(/\.(ts|tsx|js|mjs)$/, ''),
  };
}

export const indexOnly = {
  meta: {
    type: 'problem',
    docs: { description: "A domain imports another domain only through that domain's index.ts." },
    schema: [],
    messages: {
      deep: "'{{source}}' reaches into the {{domain}} domain: import it from '{{index}}' (export what you need from {{domain}}/index.ts).",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const from = place(path.resolve(file));
    if (!from) return {};
    const isTables = path.basename(file).replace(/\.ts$/, '') === 'tables';
    function check(node) {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = place(path.resolve(path.dirname(path.resolve(file)), source.value) + '.ts');
      if (!to || to.domain === from.domain) return;
      if (to.rest === 'index') return;
      if (isTables && to.rest === 'tables') return;
      const index = path.relative(
        path.dirname(path.resolve(file)),
        path.resolve(file.slice(0, file.lastIndexOf(DOMAINS) + DOMAINS.length), to.domain),
      );
      context.report({
        node: source,
        messageId: 'deep',
        data: {
          source: source.value,
          domain: to.domain,
          index: index.startsWith('.') ? index : `./${index}`,
        },
      });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const order = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A domain imports only the domains below it in DOMAIN_ORDER (no loops between domains).',
    },
    schema: [],
    messages: {
      above:
        "'{{source}}' is the {{to}} domain, above {{from}} in DOMAIN_ORDER (tools/eslint/api-structure.mjs: " +
        '{{order}}): {{to}} may use {{from}}, not the other way, or the two form a loop. Move what {{from}} needs ' +
        'down (a lower domain or lib/), or have the composition root hand it in; reorder the list only when ' +
        '{{to}} does not use {{from}}.',
      unknown:
        "'{{source}}' is the {{domain}} domain, which is not in DOMAIN_ORDER (tools/eslint/api-structure.mjs): " +
        'add it at the place its imports allow.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename ?? context.getFilename());
    const from = placeOf(file);
    if (!from?.domain) return {};
    function check(node) {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = placeOfImport(file, source.value);
      if (!to?.domain || to.domain === from.domain) return;
      const data = {
        source: source.value,
        from: from.domain,
        to: to.domain,
        order: DOMAIN_ORDER.join(' < '),
      };
      for (const domain of [from.domain, to.domain]) {
        if (!DOMAIN_ORDER.includes(domain)) {
          context.report({ node: source, messageId: 'unknown', data: { ...data, domain } });
          return;
        }
      }
      if (DOMAIN_ORDER.indexOf(to.domain) > DOMAIN_ORDER.indexOf(from.domain))
        context.report({ node: source, messageId: 'above', data });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'index-only': indexOnly, order } };
