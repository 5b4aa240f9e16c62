import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MembersResponse, Profile } from '@dating/shared';
import { profileFixture, renderWithTextsHeld } from '@dating/shared/testing';
import nl from '../locales/nl.json';
import { NS } from '../lib/i18n';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import MembersPage from './members-page';

function profile(id: number, overrides: Partial<Profile> = {}): Profile {
  return profileFixture({
    id,
    name: `Member ${id}`,
    age: 20 + id,
    gender: 'female',
    date_of_birth: null,
    region: 'Noord-Holland',
    city: 'Amsterdam',
    main_image: null,
    fictional: true,
    ...overrides,
  });
}

function page(pageNumber: number): MembersResponse {
  const first = (pageNumber - 1) * 2 + 1;
  return {
    profiles: [profile(first), profile(first + 1)],
    pageNumber,
    numResults: 2,
    total: 5,
    similar: false,
  };
}

const settings = {
  countries: ['NL', 'BE'],
  fictional_warning: '',
  logged_out_search: 'other',
  logged_out_search_trafficsource: 'none',
};
const member = { user: { profile: {}, paid_user: false, credits: 0 } };

test('lists profiles from members.php and pages through them with the URL query', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/regions.php') return jsonResponse({ regions: [] });
    if (url.pathname === '/api/members.php')
      return jsonResponse(page(Number(url.searchParams.get('pageNumber'))));
    return undefined;
  });
  await renderPage(<MembersPage />, { route: '/members?numResults=2', path: '/members' });

  // The first search waits for user.php (a member's search starts from whom they look for).
  const results = await screen.findByRole('list', { name: 'Zoekresultaten' }, { timeout: 5000 });
  expect(within(results).getAllByRole('link')).toHaveLength(2);
  expect(screen.getByRole('link', { name: /Member 1, 21/ })).toHaveAttribute('href', '/members/1');
  expect(screen.getByText('Pagina 1 van 3')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'Volgende' }));
  expect(await screen.findByRole('link', { name: /Member 3, 23/ })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/members?numResults=2&pageNumber=2');
  const urls = fetch.mock.calls.map(([request]) => (request as Request).url);
  expect(urls).toContainEqual(expect.stringContaining('members.php?pageNumber=2&numResults=2'));
});

test('search form filters by gender and age through the URL', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/regions.php') return jsonResponse({ regions: [] });
    if (url.pathname === '/api/members.php')
      return jsonResponse({ ...page(1), similar: url.searchParams.has('gender') });
    return undefined;
  });
  await renderPage(<MembersPage />, { route: '/members', path: '/members' });
  await screen.findByRole('list', { name: 'Zoekresultaten' }, { timeout: 5000 });

  await userEvent.selectOptions(screen.getByLabelText('Geslacht'), 'male');
  await userEvent.type(screen.getByLabelText('Leeftijd van'), '30');
  await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));

  expect(
    await screen.findByText('Geen exacte resultaten. Dit zijn vergelijkbare profielen.'),
  ).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('gender=male&min_age=30&pageNumber=1');
  const last = fetch.mock.calls.at(-1)?.[0] as Request;
  expect(new URL(last.url).searchParams.get('gender')).toBe('male');
});

test("another member's photo under inspection is the placeholder for a visitor, without the owner's marker", async () => {
  const image = {
    id: 9,
    filename: '/f.jpg',
    thumb_filename: '/t.jpg',
    match: '/m.jpg',
    status: 'inspection' as const,
  };
  mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/regions.php') return jsonResponse({ regions: [] });
    if (url.pathname === '/api/members.php') {
      const profiles = url.searchParams.get('country') === 'BE' ? [] : [profile(1, { main_image: image })];
      return jsonResponse({
        profiles,
        pageNumber: 1,
        numResults: 24,
        total: profiles.length,
        similar: false,
      });
    }
    return undefined;
  });
  await renderPage(<MembersPage />, { route: '/members', path: '/members' });
  // The one photo rule (shared/src/ui/photo-rule.ts): only the owner sees a photo under inspection, with the marker.
  expect(await screen.findByRole('img', { name: 'Geen foto van Member 1' })).toHaveTextContent('M');
  expect(screen.queryByText('Foto wordt gecontroleerd')).not.toBeInTheDocument();
  expect(screen.queryByRole('img', { name: 'Foto van Member 1' })).not.toBeInTheDocument();
});

test('a visitor on a site without logged-out search is asked to sign up', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') {
      return jsonResponse({
        ...settings,
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'none',
      });
    }
    if (url.pathname === '/api/regions.php') return jsonResponse({ regions: [] });
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    return undefined;
  });
  await renderPage(<MembersPage />, { route: '/members', path: '/members' });
  expect(await screen.findByRole('button', { name: 'Gratis aanmelden' })).toBeInTheDocument();
  const urls = fetch.mock.calls.map(([request]) => (request as Request).url);
  expect(urls.some((url) => url.includes('members.php'))).toBe(false);
});

test('a man seeking women starts on women who look for men, nearest first, and can widen it', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse({ ...settings, niche: 1 });
    if (url.pathname === '/api/regions.php') return jsonResponse({ regions: [] });
    if (url.pathname === '/api/user.php')
      return jsonResponse({ user: { ...member.user, profile: { gender: 'male', sexuality: 'hetero' } } });
    if (url.pathname === '/api/members.php') return jsonResponse(page(1));
    return undefined;
  });
  await renderPage(<MembersPage />, { route: '/members', path: '/members' });
  expect(await screen.findByRole('link', { name: /Member 2, 22/ }, { timeout: 5000 })).toBeInTheDocument();
  const searches = () =>
    fetch.mock.calls
      .map(([request]) => new URL((request as Request).url))
      .filter((url) => url.pathname === '/api/members.php');
  // The only search made: no "everyone" first.
  expect(searches()).toHaveLength(1);
  expect(Object.fromEntries(searches()[0]!.searchParams)).toMatchObject({
    gender: 'female',
    mutual: 'true',
    near: 'true',
  });
  expect(screen.getByLabelText('Geslacht')).toHaveValue('female');
  expect(screen.getByLabelText('Alleen leden die iemand zoals ik zoeken')).toBeChecked();

  // Widened: every gender, whatever they look for; kept in the URL.
  await userEvent.selectOptions(screen.getByLabelText('Geslacht'), '');
  await userEvent.click(screen.getByLabelText('Alleen leden die iemand zoals ik zoeken'));
  await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('gender=any&mutual=0'));
  await waitFor(() => expect(searches()).toHaveLength(2));
  const widened = searches()[1]!.searchParams;
  expect(widened.has('gender')).toBe(false);
  expect(widened.get('mutual')).toBe('false');
});

test('a logged-in member searches even where visitors may not', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse({ ...settings, logged_out_search: 'none' });
    if (url.pathname === '/api/regions.php') return jsonResponse({ regions: [] });
    if (url.pathname === '/api/user.php') return jsonResponse(member);
    if (url.pathname === '/api/members.php') return jsonResponse(page(1));
    return undefined;
  });
  await renderPage(<MembersPage />, { route: '/members', path: '/members' });
  expect(await screen.findByRole('link', { name: /Member 2, 22/ })).toBeInTheDocument();
});

test('where only visitors with a traffic source may search, the source goes along with the search', async () => {
  window.sessionStorage.clear();
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') {
      return jsonResponse({
        ...settings,
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'other',
      });
    }
    if (url.pathname === '/api/regions.php') return jsonResponse({ regions: [] });
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/members.php') return jsonResponse(page(1));
    return undefined;
  });
  window.history.replaceState(null, '', '/members?network=partner1');
  await renderPage(<MembersPage />, { route: '/members', path: '/members' });
  expect(await screen.findByRole('link', { name: /Member 1, 21/ })).toBeInTheDocument();
  const search = fetch.mock.calls
    .map(([request]) => new URL((request as Request).url))
    .find((url) => url.pathname === '/api/members.php');
  expect(search?.searchParams.get('network')).toBe('partner1');
  window.history.replaceState(null, '', '/');
});

test('asks for the members while its texts are still loading, not after them', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/regions.php') return jsonResponse({ regions: [] });
    if (url.pathname === '/api/members.php') return jsonResponse(page(1));
    return undefined;
  });
  const { release, restore } = await renderWithTextsHeld(<MembersPage />, {
    namespace: NS,
    nlResources: nl,
    route: '/members?numResults=2',
    path: '/members',
  });
  try {
    const searched = () =>
      fetch.mock.calls.some(([request]) => (request as Request).url.includes('/api/members.php'));
    await waitFor(() => expect(searched()).toBe(true));
    // Asked for while the page still waits for its texts (nothing of it is drawn yet).
    expect(screen.queryByRole('heading', { name: 'Leden zoeken' })).not.toBeInTheDocument();

    release();
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' }, { timeout: 5000 });
    expect(within(results).getAllByRole('link')).toHaveLength(2);
  } finally {
    restore();
  }
});

test("the first row's photos load at once, the others when they come near the screen", async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/regions.php') return jsonResponse({ regions: [] });
    if (url.pathname === '/api/members.php') {
      const profiles = Array.from({ length: 6 }, (_, i) =>
        profile(i + 1, {
          main_image: {
            id: i + 1,
            filename: `/media/p${i + 1}.webp`,
            thumb_filename: `/media/p${i + 1}_t.webp`,
            match: `/media/p${i + 1}_m.webp`,
            status: 'active',
          },
        }),
      );
      return jsonResponse({ profiles, pageNumber: 1, numResults: 6, total: 6, similar: false });
    }
    return undefined;
  });
  await renderPage(<MembersPage />, { route: '/members?numResults=6', path: '/members' });
  const results = await screen.findByRole('list', { name: 'Zoekresultaten' }, { timeout: 5000 });
  const loading = within(results)
    .getAllByRole('img')
    .map((img) => img.getAttribute('loading'));
  expect(loading).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
});
