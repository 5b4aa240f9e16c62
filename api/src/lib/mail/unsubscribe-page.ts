import type { Locale } from '@dating/shared/contract/index';
import { interpolate } from '../i18n';
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

const texts: Record<Locale, typeof nl.unsubscribed> = {
  da: da.unsubscribed,
  de: de.unsubscribed,
  en: en.unsubscribed,
  es: es.unsubscribed,
  fi: fi.unsubscribed,
  fr: fr.unsubscribed,
  it: it.unsubscribed,
  nb: nb.unsubscribed,
  nl: nl.unsubscribed,
  pl: pl.unsubscribed,
  sv: sv.unsubscribed,
};

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page the footer's unsubscribe link opens: says it is done and links to the preferences. */
export function unsubscribePage(locale: Locale, site: string): string {
  const t = texts[locale] ?? texts.nl;
  const title = esc(interpolate(t.title, { site }));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family:Arial,sans-serif;background:#f4f1f7;margin:0;padding:24px">
<main style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px">${title}</h1>
<p>${esc(interpolate(t.body, { site }))}</p>
<p><a href="/notifications">${esc(t.link)}</a></p>
</main></body></html>`;
}
