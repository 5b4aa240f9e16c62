import {
  LANDER_VARIANTS,
  LOCALES,
  landerSlug,
  matchLanderPath,
  type Locale,
  type Niche,
} from '@dating/shared/contract/index';

// What search engines and link previews read in a page's head, per site (host) and locale (docs/adr/0030):
// title and description (the server-rendered lander's own heading and intro), canonical URL, hreflang alternates
// of a lander's locale slugs, Open Graph and Twitter card tags, a JSON-LD WebSite; robots.txt and sitemap.xml.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Pages that are not behind login nor a member's: the ones search engines may index. */
const PUBLIC_PAGES = /^\/(login|signup|premium|pricing|pages\/[\w-]+)$/;

/** The lander's locale alternates: the same page under each locale's slug, the page without slug as x-default. */
export function alternates(pathname: string, niche: number): { hreflang: string; path: string }[] {
  const match = matchLanderPath(pathname, { niche: niche as Niche });
  if (match === null || match === 'not-found') return [];
  let base: string;
  if (match.page === 'home' || match.page === 'token') base = '';
  else if ((LANDER_VARIANTS as readonly string[]).includes(match.page)) base = `/landers/${match.page}`;
  else if ((match.page === 'landing2' || match.page === 'landing3') && 'memberId' in match)
    base = `/members/${match.memberId}/${match.page}`;
  else return [];
  return [
    { hreflang: 'x-default', path: base || '/' },
    ...LOCALES.map((locale) => ({ hreflang: locale, path: `${base}/${landerSlug(niche, locale)}` })),
  ];
}

/** Whether a page may be indexed: the landers (not a member's profile landers), and the public pages. */
export function indexable(pathname: string, niche: number, status: number): boolean {
  if (status !== 200) return false;
  const match = matchLanderPath(pathname, { niche: niche as Niche });
  if (match && match !== 'not-found') return !('memberId' in match);
  return PUBLIC_PAGES.test(pathname);
}

/** The text of the first element `tag` in server-rendered markup (React's escaping kept), or null. */
function firstText(markup: string, tag: 'h1' | 'p', after = 0): { text: string; end: number } | null {
  const re = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g');
  re.lastIndex = after;
  const m = re.exec(markup);
  if (!m) return null;
  const text = m[1]!
    .replace(/<[^>]*>/g, '')
    .replace(/<!--.*?-->/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? { text, end: re.lastIndex } : null;
}

/** Title and description of a server-rendered page: its main heading and the paragraph after it. */
export function pageTexts(markup: string): { title: string | null; description: string | null } {
  const main = markup.indexOf('id="main"');
  if (main < 0) return { title: null, description: null };
  const heading = firstText(markup, 'h1', main);
  const intro = heading ? firstText(markup, 'p', heading.end) : null;
  return { title: heading?.text ?? null, description: intro?.text ?? null };
}

export interface HeadInput {
  origin: string;
  pathname: string;
  locale: Locale;
  siteName: string;
  /** Already escaped (HTML). */
  title: string;
  /** Already escaped (HTML). */
  description: string;
  niche: number;
  status: number;
  image: string;
}

export function headTags(input: HeadInput, safeJson: (value: unknown) => string): string {
  const { origin, pathname, locale } = input;
  const url = `${origin}${pathname}`;
  const tags: string[] = [];
  if (!indexable(pathname, input.niche, input.status)) {
    tags.push('<meta name="robots" content="noindex">');
  } else {
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
    for (const alt of alternates(pathname, input.niche)) {
      tags.push(`<link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(origin + alt.path)}">`);
    }
  }
  const image = escapeHtml(origin + input.image);
  const siteName = escapeHtml(input.siteName);
  tags.push(
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${siteName}">`,
    `<meta property="og:title" content="${input.title}">`,
    `<meta property="og:description" content="${input.description}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:locale" content="${locale}">`,
    `<meta property="og:image" content="${image}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${input.title}">`,
    `<meta name="twitter:description" content="${input.description}">`,
    `<meta name="twitter:image" content="${image}">`,
    `<script type="application/ld+json">${safeJson({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: input.siteName,
      url: `${origin}/`,
      inLanguage: locale,
    })}</script>`,
  );
  return tags.join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /staff',
    'Disallow: /members',
    'Disallow: /chats',
    'Disallow: /likes',
    'Disallow: /credits',
    'Disallow: /profile',
    'Disallow: /notifications',
    'Disallow: /transactions',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The site's public pages and every lander with each of its locale slugs. */
export function sitemapXml(origin: string, niche: number): string {
  const paths = ['/', ...LOCALES.map((locale) => `/${landerSlug(niche, locale)}`), '/landers/tinderswipe'];
  for (const variant of LANDER_VARIANTS) {
    paths.push(
      `/landers/${variant}`,
      ...LOCALES.map((locale) => `/landers/${variant}/${landerSlug(niche, locale)}`),
    );
  }
  paths.push('/login', '/signup', '/pages/terms', '/pages/privacy', '/pages/faq');
  const urls = paths.map((p) => `<url><loc>${escapeHtml(origin + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
