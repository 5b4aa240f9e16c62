-- One origin per site, never from the request (docs/adr/0035-one-origin-per-site.md): the scheme, host and port every
-- absolute URL of the site is built from (mail links, canonical, sitemap, payment return, push). '' = the default:
-- https://<host> in production, the local origin the server listens on in development.
ALTER TABLE sites ADD COLUMN IF NOT EXISTS origin text NOT NULL DEFAULT '';
