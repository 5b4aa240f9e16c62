import type { Locale } from '@dating/shared/contract/index';
import { interpolate } from '../i18n';
import { cspWithStyle } from '../security-headers';
import da from './locales/da.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fi from './locales/fi.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nb from './locales/nb.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';
import sv from './locales/sv.json';

const catalogues: Record<Locale, typeof nl> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The CSP allows no inline style: the page's one <style> block is allowed by its hash (UNSUBSCRIBE_PAGE_CSP).
const STYLE =
  'body{font-family:Arial,sans-serif;background:#f4f1f7;margin:0;padding:24px}' +
  'main{max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}h1{font-size:20px}' +
  'button{font-size:16px;padding:10px 18px;border:0;border-radius:6px;background:#4a1a6b;color:#fff;cursor:pointer}';

/** The Content-Security-Policy to send with both unsubscribe pages. */
export const UNSUBSCRIBE_PAGE_CSP = cspWithStyle(STYLE);

function page(locale: Locale, title: string, content: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head>
<body>
<main>
<h1>${title}</h1>
${content}
</main></body></html>`;
}

/**
 * What GET of the unsubscribe link answers: a question, not the change (mail scanners follow links). The
 * button POSTs the same RFC 8058 body a mail client's one-click sends, to the same URL.
 */
export function unsubscribeConfirmPage(locale: Locale, site: string, token: string): string {
  const t = (catalogues[locale] ?? nl).unsubscribe_confirm;
  const title = esc(interpolate(t.title, { site }));
  const action = esc(`/api/unsubscribe.php?token=${encodeURIComponent(token)}`);
  return page(
    locale,
    title,
    `<p>${esc(interpolate(t.body, { site }))}</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${esc(t.button)}</button></form>`,
  );
}

/** The answer of the POST: says it is done and links to the preferences. */
export function unsubscribePage(locale: Locale, site: string): string {
  const t = (catalogues[locale] ?? nl).unsubscribed;
  const title = esc(interpolate(t.title, { site }));
  return page(
    locale,
    title,
    `<p>${esc(interpolate(t.body, { site }))}</p>
<p><a href="/notifications">${esc(t.link)}</a></p>`,
  );
}
