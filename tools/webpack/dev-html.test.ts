// The shell's dev server serves the api's page with the dev bundle and the remotes in dev pointed at their
// dev servers; a remote not running in dev keeps its deployed version.
import { rewriteHtml } from './dev-html';

const apiHtml = `<!doctype html><html><head><link rel="stylesheet" href="/remotes/shell/0.1.0-aaaa/main.css">
<script type="application/json" id="site-data">${JSON.stringify({
  locale: 'nl',
  remotes: [
    { name: 'mf_chat', entry: '/remotes/mf-chat/0.1.0-bbbb/remoteEntry.js', version: '0.1.0-bbbb' },
    { name: 'mf_payments', entry: '/remotes/mf-payments/0.1.0-cccc/remoteEntry.js', version: '0.1.0-cccc' },
  ],
})}</script><script defer src="/remotes/shell/0.1.0-aaaa/main.js"></script></head><body><div id="root"></div></body></html>`;

function siteData(html: string) {
  const match = html.match(/<script[^>]*id="site-data"[^>]*>([\s\S]*?)<\/script>/);
  return JSON.parse(match![1]!);
}

test('dev remotes point at their dev servers, others stay deployed, the shell runs its dev bundle', () => {
  const html = rewriteHtml(apiHtml, {
    ports: { shell: 3000, mf_chat: 3003, mf_payments: 3004 },
    devRemotes: ['mf_chat'],
  });
  const data = siteData(html);
  expect(data.locale).toBe('nl');
  expect(data.remotes).toEqual([
    { name: 'mf_payments', entry: '/remotes/mf-payments/0.1.0-cccc/remoteEntry.js', version: '0.1.0-cccc' },
    { name: 'mf_chat', entry: 'http://localhost:3003/remoteEntry.js', version: 'dev' },
  ]);
  expect(html).not.toContain('/remotes/shell/');
  expect(html).toContain('<script defer src="/main.js"></script></head>');
  expect(html).toContain('<div id="root"></div>');
});
