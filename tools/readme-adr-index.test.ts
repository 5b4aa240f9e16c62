// The README's index of architecture decisions lists every record of docs/adr/, in order, each with the title of
// its own heading: a decision missing from the index is one a newcomer does not find.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** The index lines of the README: `- [0001 Title](docs/adr/0001-module-federation.md)`. */
function indexLines(readme: string): string[] {
  return readme.split('\n').filter((line) => /^- \[\d{4}[ :]/.test(line) && line.includes('](docs/adr/'));
}

/** The index line each ADR should have: its number and the title of its `# NNNN Title` heading. */
function expectedLines(): string[] {
  return readdirSync(path.join(root, 'docs/adr'))
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const heading = readFileSync(path.join(root, 'docs/adr', file), 'utf8').split('\n')[0]!;
      const match = /^#\s*(\d{4}):?\s+(.+)$/.exec(heading);
      if (!match) throw new Error(`docs/adr/${file} does not start with "# NNNN Title"`);
      return `- [${match[1]} ${match[2]}](docs/adr/${file})`;
    });
}

test('the README lists every ADR, in order, with its title', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  expect(indexLines(readme)).toEqual(expectedLines());
});

test('a retitled record reads as a difference, other lines are not index lines', () => {
  const [first, second] = expectedLines();
  expect(
    indexLines(`intro\n${first}\n- [0002 Another title](docs/adr/0002-deploy-registry.md)\n`),
  ).not.toEqual(expectedLines());
  expect(indexLines(`${first}\n${second}\n`)).toEqual([first, second]);
});
