import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createI18n, makeStore, signupModalOpened } from '@dating/shared';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import LanderPage from './lander-page';
import { landersNamespace } from './server-info';

const settings = {
  name: 'Flirtplein',
  niche: 1,
  logged_out_search: 'other',
  logged_out_search_trafficsource: 'none',
  countries: ['NL'],
};
const profiles = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Sanne ${i + 1}`,
  age: 30,
  city: 'Breda',
  region: 'Noord-Brabant',
  interests: ['music'],
  main_image: null,
}));

function serve() {
  return mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/members.php')
      return jsonResponse({ profiles, pageNumber: 1, numResults: 12, total: 12, similar: false });
    if (url.pathname === '/api/member.php')
      return jsonResponse({ profile: profiles[2], liked: false, blocked: false });
    return undefined;
  });
}

test.each([
  ['/landers/gallery', 'lander-gallery', 'Singles bij jou in de buurt'],
  ['/landers/alonetonight/general-nl', 'lander-alonetonight', 'Alleen vanavond?'],
  ['/landers/maplanding', 'lander-maplanding', 'Leden bij jou in de buurt'],
  ['/members/3/landing2', 'lander-landing2', 'Sanne 3 heeft je een bericht gestuurd'],
])('%s draws its own lander', async (route, testId, title) => {
  serve();
  await renderPage(<LanderPage />, { route, path: '*' });
  const lander = await screen.findByTestId(testId);
  expect(lander).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});

test('where visitors may not search and no lander previews came, the social feed keeps its posts and suggestions as silhouettes', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php')
      return jsonResponse({
        ...settings,
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'none',
      });
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    return undefined;
  });
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  await renderPage(<LanderPage />, { route: '/landers/socialnetwork', path: '*', store });
  await screen.findByRole('heading', { level: 1, name: 'Nu op Flirtplein' });
  // Not an empty page: the five posts' texts and the three suggestions, without names or photos, and no search
  // (members.php) request: the previews are asked of lander-members.php, which did not answer here.
  expect(await screen.findByText('Eerste keer hier. Zeg gerust hallo!')).toBeInTheDocument();
  expect(screen.getByText(/Net terug van een lange wandeling/)).toBeInTheDocument();
  const suggestions = screen.getByRole('heading', {
    level: 2,
    name: 'Voorgesteld voor jou',
  }).nextElementSibling!;
  expect(suggestions.querySelectorAll('li')).toHaveLength(3);
  expect(screen.queryByRole('button', { name: 'Volgen' })).not.toBeInTheDocument();
  const asked = fetch.mock.calls.map(([request]) => new URL((request as Request).url).pathname);
  expect(asked).not.toContain('/api/members.php');
  expect(asked).toContain('/api/lander-members.php');
  await userEvent.click(screen.getByRole('button', { name: 'Wat ga jij vanavond doen?' }));
  expect(dispatch).toHaveBeenCalledWith(signupModalOpened({ source: 'lander:socialnetwork' }));
});

test('a lander’s call to action opens the signup modal with the lander as source; the member filter follows the niche', async () => {
  const fetch = serve();
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  await renderPage(<LanderPage />, { route: '/landers/iconslanding', path: '*', store });
  await userEvent.click(await screen.findByRole('button', { name: /Muziek/ }));
  expect(screen.getByText('Gekozen: 1')).toBeInTheDocument();
  await userEvent.click(screen.getAllByTestId('lander-cta')[0]!);
  expect(dispatch).toHaveBeenCalledWith(signupModalOpened({ source: 'lander:iconslanding' }));
  expect(fetch.mock.calls.some(([request]) => (request as Request).url.includes('members.php'))).toBe(false);
});

test('the profile signup entry opens the signup modal with that member, for a first message (step 0)', async () => {
  serve();
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  await renderPage(<LanderPage />, { route: '/members/3/signup', path: '*', store });
  await screen.findByTestId('lander-landing');
  await waitFor(() =>
    expect(dispatch).toHaveBeenCalledWith(
      signupModalOpened({ source: 'profile:3', profile: { id: 3, name: 'Sanne 3' } }),
    ),
  );
  // Once: not first without the member and again with it.
  expect(dispatch.mock.calls.filter(([action]) => signupModalOpened.match(action))).toHaveLength(1);
});

test('where visitors may not see profiles, the profile signup entry opens the plain signup modal', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php')
      return jsonResponse({
        ...settings,
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'none',
      });
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    return undefined;
  });
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  await renderPage(<LanderPage />, { route: '/members/3/signup', path: '*', store });
  await waitFor(() => expect(dispatch).toHaveBeenCalledWith(signupModalOpened({ source: 'profile:3' })));
  expect(fetch.mock.calls.some(([request]) => (request as Request).url.includes('member.php'))).toBe(false);
});

test('a lander reads its texts from its own namespace, loaded with the page; the shared one has none of them', async () => {
  serve();
  const { i18n } = await renderPage(<LanderPage />, { route: '/landers/gallery', path: '*' });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Singles bij jou in de buurt' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Nieuw' })).toBeInTheDocument();
  expect(i18n.hasResourceBundle('nl', 'landers-gallery')).toBe(true);
  expect(i18n.getResource('nl', 'landers', 'gallery')).toBeUndefined();
  // The closing every lander ends with comes from the shared namespace.
  expect(
    screen.getByRole('heading', { level: 2, name: 'Klaar om iemand te ontmoeten?' }),
  ).toBeInTheDocument();
  expect(i18n.hasResourceBundle('nl', 'landers-map')).toBe(false);
});

test('under a shell that asks only for the merged `landers` texts, a lander draws every text from them', async () => {
  serve();
  // What a shell built before `namespaces` gives its server render: this version's landersNamespace alone.
  const merged = await landersNamespace('nl');
  const i18n = await createI18n({
    locale: 'nl',
    namespaces: ['landers'],
    initialResources: { nl: { landers: merged.resources } },
  });
  render(
    <Provider store={makeStore()}>
      <I18nextProvider i18n={i18n} defaultNS="landers">
        <MemoryRouter initialEntries={['/members/3/landing3']}>
          <LanderPage />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Het is een match!' })).toBeInTheDocument();
  expect(await screen.findByText('Jij en Sanne 3 vinden elkaar leuk.')).toBeInTheDocument();
  expect(screen.getByText('Jij')).toBeInTheDocument();
  expect(
    screen.getByRole('heading', { level: 2, name: 'Klaar om iemand te ontmoeten?' }),
  ).toBeInTheDocument();
  // Read from `landers`: the page's own namespace was never asked for.
  expect(i18n.hasResourceBundle('nl', 'landers-profile-match')).toBe(false);
});
