import { act, screen, waitFor } from '@testing-library/react';
import { renderShell } from '../test/render-shell';
import { userFixture } from '../test/fixtures';
import { readLocaleCookie, resolveInitialLocale, slugLocaleOf, visibleLocales } from './locale';
import { followPageLocale, pageLocaleOf } from './page-locale';

beforeEach(() => {
  localStorage.setItem('site-entry-warning-closed', '1');
  document.cookie = 'locale=; Max-Age=0; Path=/';
});
afterEach(() => localStorage.clear());

describe('locale', () => {
  test('cookie first, then the domain language (saved), then the server locale, then nl', () => {
    expect(resolveInitialLocale({ cookie: 'fr', domainLanguage: 'de_DE', serverLocale: 'en' })).toEqual({
      locale: 'fr',
      save: false,
    });
    expect(resolveInitialLocale({ cookie: null, domainLanguage: 'de_DE', serverLocale: 'en' })).toEqual({
      locale: 'de',
      save: true,
    });
    expect(resolveInitialLocale({ cookie: null, domainLanguage: 'pt_BR', serverLocale: 'en' })).toEqual({
      locale: 'en',
      save: false,
    });
    expect(resolveInitialLocale({ cookie: null, domainLanguage: '', serverLocale: 'xx' })).toEqual({
      locale: 'nl',
      save: false,
    });
  });

  test("a lander slug's language is that page's only: it beats the cookie and is not saved", () => {
    const pageLocale = slugLocaleOf('/landers/gallery/general-eng', { niche: 1 });
    expect(pageLocale).toBe('en');
    expect(
      resolveInitialLocale({ pageLocale, cookie: 'nl', domainLanguage: 'nl_NL', serverLocale: 'en' }),
    ).toEqual({
      locale: 'en',
      save: false,
    });
    // The next page has no slug: the stored choice again.
    const next = slugLocaleOf('/signup', { niche: 1 });
    expect(next).toBeNull();
    expect(
      resolveInitialLocale({ pageLocale: next, cookie: 'nl', domainLanguage: '', serverLocale: 'nl' }).locale,
    ).toBe('nl');
    // Another niche's slug is no page of this site, and no language.
    expect(slugLocaleOf('/landers/gallery/gay-de', { niche: 1 })).toBeNull();
    expect(slugLocaleOf('/general-de', { niche: 1 })).toBe('de');
  });

  test("the page after a slug lander is in the stored choice: the cookie, else the start-up's", () => {
    const settings = { niche: 1 as const };
    expect(pageLocaleOf('/landers/gallery/general-eng', settings, 'nl', 'fr')).toBe('en');
    expect(pageLocaleOf('/login', settings, 'nl', 'fr')).toBe('fr');
    expect(pageLocaleOf('/login', settings, 'nl', null)).toBe('nl');
    expect(pageLocaleOf('/login', settings, null, null)).toBeNull();
  });

  test("moving on from a slug lander without a page load goes back to the visitor's language", async () => {
    document.cookie = 'locale=fr; Path=/';
    const view = await renderShell({ path: '/landers/gallery/general-eng', user: false });
    followPageLocale(view.router, view.i18n, { niche: 1 }, 'nl');
    expect(view.i18n.language).toBe('en');
    view.i18n.addResourceBundle(
      'fr',
      'common',
      { pages: { faq: { title: 'Questions fréquentes' } } },
      true,
      true,
    );
    await act(async () => view.router.navigate('/pages/faq'));
    await waitFor(() => expect(view.i18n.language).toBe('fr'));
    expect(await screen.findByRole('heading', { name: 'Questions fréquentes' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    // Back to a slug: that page's language again, and the cookie is left as it was.
    await act(async () => view.router.navigate('/landers/gallery/general-eng'));
    await waitFor(() => expect(view.i18n.language).toBe('en'));
    expect(readLocaleCookie()).toBe('fr');
  });

  test('visible locales follow the visitor country (docs/product/constants.md)', () => {
    expect(visibleLocales('CH', 'de')).toEqual(['de', 'it', 'fr', 'en']);
    expect(visibleLocales('BE', 'nl')).toEqual(['nl', 'fr', 'de']);
    expect(visibleLocales('NL', 'en')).toEqual(['en', 'nl']);
    expect(visibleLocales(null, 'nl')).toHaveLength(11);
  });

  test('switching language saves the cookie and, for a member, the language on the server', async () => {
    const view = await renderShell({
      path: '/pages/faq',
      user: userFixture({ language: 'en' }),
      country: 'BE',
      routes: { 'PUT /api/user.php': { user: userFixture({ language: 'fr' }) } },
    });
    view.i18n.addResourceBundle(
      'fr',
      'common',
      { pages: { faq: { title: 'Questions fréquentes' } } },
      true,
      true,
    );
    const toggle = await screen.findByRole('button', { name: /^Language/ });
    act(() => toggle.click());
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Nederlands', 'Français', 'Deutsch']),
    );
    expect(screen.queryByRole('button', { name: 'Polski' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Français' }).click());
    await waitFor(() => expect(view.edge.count('/api/user.php', 'PUT')).toBe(1));
    const put = view.edge.calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual({ language: 'fr' });
    expect(readLocaleCookie()).toBe('fr');
    expect(view.i18n.language).toBe('fr');
    expect(await screen.findByRole('heading', { name: 'Questions fréquentes' })).toBeInTheDocument();
  });

  test('a visitor switching language only sets the cookie', async () => {
    const view = await renderShell({ path: '/pages/faq', user: false, country: 'CH' });
    act(() => screen.getByRole('button', { name: /^Language/ }).click());
    await act(async () => screen.getByRole('button', { name: 'Italiano' }).click());
    expect(readLocaleCookie()).toBe('it');
    expect(view.edge.count('/api/user.php', 'PUT')).toBe(0);
  });
});
