// The shell's dev server answers page navigations with the api's own HTML (settings, user and registry inlined
// as `site-data`, exactly as in production), but with the shell's dev bundle instead of the deployed one and
// the registry pointed at the remotes' dev servers. Run the api on API_PORT (8080); `npm run dev` does.

const SITE_DATA_RE = /(<script[^>]*id="site-data"[^>]*>)([\s\S]*?)(<\/script>)/;

/** Rewrites one api page for the dev server. Exported for the repo tests. */
function rewriteHtml(html, { ports, devRemotes = Object.keys(ports), devHost = 'localhost' }) {
  const inDev = new Set(devRemotes.filter((name) => name !== 'shell' && ports[name]));
  let out = html.replace(SITE_DATA_RE, (_all, open, json, close) => {
    const data = JSON.parse(json);
    // Remotes running in dev come from their dev servers; the others stay on their deployed versions.
    data.remotes = (data.remotes || [])
      .filter((remote) => !inDev.has(remote.name))
      .concat(
        [...inDev].map((name) => ({
          name,
          entry: `http://${devHost}:${ports[name]}/remoteEntry.js`,
          version: 'dev',
        })),
      );
    // `<` escaped so the JSON can never close the script element.
    return open + JSON.stringify(data).replace(/</g, '\\u003c') + close;
  });
  // Drop the deployed shell's tags; the dev bundle's entry is /main.js.
  out = out.replace(/<script[^>]+src="\/remotes\/shell\/[^"]*"[^>]*><\/script>/g, '');
  out = out.replace(/<link[^>]+href="\/remotes\/shell\/[^"]*"[^>]*>/g, '');
  return out.replace('</head>', '<script defer src="/main.js"></script></head>');
}

function devHtmlMiddleware({ apiPort, ports, devRemotes }) {
  return (middlewares) => {
    middlewares.unshift({
      name: 'dev-html',
      middleware: async (req, res, next) => {
        const accept = req.headers.accept || '';
        const file = req.url.split('?')[0];
        if (req.method !== 'GET' || !accept.includes('text/html') || /\.[a-z0-9]+$/i.test(file))
          return next();
        try {
          const upstream = await fetch(`http://localhost:${apiPort}${req.url}`, {
            headers: {
              cookie: req.headers.cookie || '',
              accept: 'text/html',
              'accept-language': req.headers['accept-language'] || '',
            },
            redirect: 'manual',
          });
          const location = upstream.headers.get('location');
          if (location) {
            res.writeHead(upstream.status, { location });
            res.end();
            return;
          }
          const headers = { 'content-type': 'text/html; charset=utf-8' };
          const cookie = upstream.headers.getSetCookie?.() ?? [];
          if (cookie.length) headers['set-cookie'] = cookie;
          res.writeHead(upstream.status, headers);
          res.end(rewriteHtml(await upstream.text(), { ports, devRemotes }));
        } catch (error) {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(
            `The shell's dev server needs the api on port ${apiPort} (npm run dev starts both).\n${error}`,
          );
        }
      },
    });
    return middlewares;
  };
}

module.exports = { devHtmlMiddleware, rewriteHtml };
