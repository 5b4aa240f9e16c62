import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, signupModalOpened, type Profile } from '@dating/shared';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import HomePage from './home-page';

const settings = {
  name: 'Flirtplein',
  niche: 1,
  logged_out_search: 'other',
  logged_out_search_trafficsource: 'none',
};
const profiles = [1, 2, 3].map((id) => ({
  id,
  name: `Lisa ${id}`,
  age: 30 + id,
  city: 'Breda',
  main_image: null,
}));

test('the general lander shows the site name, profile teasers and benefits, and its CTA opens the signup modal', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/members.php') {
      return jsonResponse({
        profiles: profiles as Profile[],
        pageNumber: 1,
        numResults: 6,
        total: 3,
        similar: false,
      });
    }
    return undefined;
  });
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  await renderPage(<HomePage />, { store });

  expect(
    await screen.findByRole('heading', { name: 'Ontmoet singles in de buurt die hetzelfde willen als jij' }),
  ).toBeInTheDocument();
  expect(await screen.findByText('Flirtplein')).toBeInTheDocument();
  expect(await screen.findByText(/Lisa 2, 32/)).toBeInTheDocument();
  expect(screen.getByText('46% meer kans op een match met Premium')).toBeInTheDocument();
  expect(screen.getByText('25% welkomstkorting voor nieuwe leden met code WELKOM')).toBeInTheDocument();

  await userEvent.click(screen.getAllByRole('button', { name: 'Gratis aanmelden' })[0]!);
  expect(dispatch).toHaveBeenCalledWith(signupModalOpened({ source: 'home' }));
});

test("where visitors may not search, the teasers show the site's lander previews, never a members.php search", async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') {
      return jsonResponse({ ...settings, niche: 7, logged_out_search: 'none', geoip_selected_country: 'GB' });
    }
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/lander-members.php') {
      return jsonResponse({
        profiles: [1, 2].map((id) => ({
          id,
          name: `Tom ${id}`,
          age: 40 + id,
          gender: 'male',
          country: 'GB',
          region: null,
          city: 'Leeds',
          main_image: {
            id,
            filename: `/media/t${id}.jpg`,
            thumb_filename: `/media/t${id}-t.jpg`,
            match: '',
            status: 'active',
            ...(id === 1
              ? {
                  sources: {
                    webp: '/media/t1_160.webp 160w, /media/t1_320.webp 320w',
                    avif: '/media/t1_160.avif 160w',
                  },
                }
              : {}),
          },
        })),
      });
    }
    return undefined;
  });
  await renderPage(<HomePage />);
  expect(await screen.findByRole('heading', { name: 'Mannen die mannen ontmoeten' })).toBeInTheDocument();
  const tile = await screen.findByRole('button', { name: /Tom 2, 42/ });
  expect(tile.querySelector('img')).toHaveAttribute('src', '/media/t2-t.jpg');
  // The first row is above the fold: fetched first; a photo with smaller copies offers them (AVIF, WebP by width).
  const first = (await screen.findByRole('button', { name: /Tom 1, 41/ })).querySelector('img')!;
  expect(first).toHaveAttribute('fetchpriority', 'high');
  expect(first).toHaveAttribute('srcset', '/media/t1_160.webp 160w, /media/t1_320.webp 320w');
  expect(first).toHaveAttribute('sizes', '(min-width: 768px) 160px, 34vw');
  expect(first.parentElement!.querySelector('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    '/media/t1_160.avif 160w',
  );
  // Without copies (an older photo): the original, no srcset.
  expect(tile.querySelector('img')).not.toHaveAttribute('srcset');
  const asked = fetch.mock.calls.map(([request]) => new URL((request as Request).url));
  expect(asked.some((url) => url.pathname === '/api/members.php')).toBe(false);
  expect(asked.find((url) => url.pathname === '/api/lander-members.php')?.searchParams.get('country')).toBe(
    'GB',
  );
});

test.each([
  [
    2,
    'Vrouwen die weten wat ze willen',
    /Op Flirtplein bepalen vrouwen het tempo/,
    'Meld je gratis aan',
    'female',
  ],
  [
    7,
    'Mannen die mannen ontmoeten',
    /Op Flirtplein ontmoeten mannen mannen/,
    'Ontmoet gratis mannen',
    'male',
  ],
])(
  'niche %i speaks to its audience: headline, sub-line, call to action and whom it previews',
  async (niche, title, sub, cta, gender) => {
    const fetch = mockFetch((_request, url) => {
      if (url.pathname === '/api/settings.php') return jsonResponse({ ...settings, niche });
      if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
      if (url.pathname === '/api/members.php') {
        return jsonResponse({
          profiles: profiles as Profile[],
          pageNumber: 1,
          numResults: 6,
          total: 3,
          similar: false,
        });
      }
      return undefined;
    });
    await renderPage(<HomePage />);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(sub)).toBeInTheDocument();
    // The hero's call to action is the niche's own; the general site's sub-line is gone.
    expect(screen.getAllByTestId('lander-cta')[0]).toHaveTextContent(cta);
    expect(screen.queryByText(/begin vandaag nog met chatten/)).toBeNull();
    await screen.findByText(/Lisa 2, 32/);
    const asked = fetch.mock.calls.map(([request]) => new URL((request as Request).url));
    expect(asked.find((url) => url.pathname === '/api/members.php')?.searchParams.get('gender')).toBe(gender);
  },
);
