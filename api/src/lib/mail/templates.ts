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

export const MAIL_TEMPLATES = [
  'activation',
  'reset',
  'mail_change_new',
  'mail_change_old',
  'reactivation',
  'complaint',
  'new_conversation',
  'new_message',
  'like',
  'unread_reminder',
  'report',
  'photo_rejected',
  'staff_reply',
  'staff_sign_in_alert',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

type Catalogue = typeof nl;
const catalogues: Record<Locale, Catalogue> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

/** A report reason in the words of a mail's language (the `report` template). */
export function reportReasonText(locale: Locale, reason: keyof Catalogue['report_reasons']): string {
  return (catalogues[locale] ?? catalogues.nl).report_reasons[reason];
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Renders one template. `params.link` is the button's target; every other param is interpolated into the texts
 * (HTML-escaped in the HTML part). `site`, `name` and `unsubscribe_url` are always available.
 */
export function renderMail(
  template: MailTemplate,
  locale: Locale,
  params: Record<string, string | number>,
  theme = '#4a1a6b',
): RenderedMail {
  const c = catalogues[locale] ?? catalogues.nl;
  const t = c.templates[template];
  const escaped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, esc(String(v))]));
  const subject = interpolate(t.subject, params);
  const greeting = params.name ? interpolate(c.greeting, params) : '';
  const body = interpolate(t.body, params);
  const link = params.link ? String(params.link) : '';
  const unsubscribe = params.unsubscribe_url ? String(params.unsubscribe_url) : '';
  const text = [
    greeting,
    body,
    link ? `${interpolate(t.button, params)}: ${link}` : '',
    '--',
    interpolate(c.footer, params),
    unsubscribe ? `${c.unsubscribe}: ${unsubscribe}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="font-family:Arial,sans-serif;background:#f4f1f7;margin:0;padding:24px">
<table role="presentation" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td>
${greeting ? `<p>${interpolate(c.greeting, escaped)}</p>` : ''}
<p style="white-space:pre-line">${interpolate(t.body, escaped)}</p>
${link ? `<p><a href="${esc(link)}" style="display:inline-block;background:${theme};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${interpolate(t.button, escaped)}</a></p><p style="font-size:12px;color:#666">${esc(link)}</p>` : ''}
<hr style="border:none;border-top:1px solid #eee">
<p style="font-size:12px;color:#666">${interpolate(c.footer, escaped)}${unsubscribe ? ` <a href="${esc(unsubscribe)}">${esc(c.unsubscribe)}</a>` : ''}</p>
</td></tr></table></body></html>`;
  return { subject, html, text };
}
