import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, signupModalOpened } from '@dating/shared';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import SwipeGamePage from './swipe-game-page';

const settings = {
  name: 'Flirtplein',
  niche: 1,
  logged_out_search: 'other',
  logged_out_search_trafficsource: 'none',
};
const profiles = Array.from({ length: 8 }, (_, index) => ({
  id: index + 1,
  name: `Profiel ${index + 1}`,
  age: 25,
  city: 'Gouda',
  main_image: null,
}));
const LIMIT = 4;

/** The server's side of the game: it counts swipe likes per day and refuses the 5th. */
function serve(
  user: unknown,
  server = { used: 0, resetsAt: new Date(Date.now() + 3_725_000).toISOString() },
) {
  const likes: unknown[] = [];
  const status = () => ({ likes_left: LIMIT - server.used, limit: LIMIT, resets_at: server.resetsAt });
  const fetch = mockFetch(async (request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/user.php') return jsonResponse({ user });
    if (url.pathname === '/api/members.php') {
      return jsonResponse({ profiles, pageNumber: 1, numResults: 30, total: 8, similar: false });
    }
    if (url.pathname === '/api/swipe.php') return jsonResponse(status());
    if (url.pathname === '/api/like.php' && request.method === 'POST') {
      likes.push(await request.json());
      if (server.used >= LIMIT) {
        return jsonResponse(
          { error: { code: 'swipe_limit', message: 'Je hebt vandaag al je 4 likes gegeven.' } },
          429,
        );
      }
      server.used += 1;
      return jsonResponse({ liked: true, match: false, swipe: status() });
    }
    return undefined;
  });
  return { fetch, likes, server };
}

test('a member gets 4 likes a day from the server, then a countdown to the next day, also after a reload', async () => {
  const { likes } = serve({ profile: { id: 99 }, paid_user: false });
  const first = await renderPage(<SwipeGamePage />, { route: '/swipe-game', path: '/swipe-game' });

  expect(await screen.findByText('Nog 4 likes vandaag')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Overslaan' }));
  expect(screen.getByRole('group', { name: 'Profiel: Profiel 2' })).toBeInTheDocument();
  expect(screen.getByText('Nog 4 likes vandaag')).toBeInTheDocument();

  for (let like = 0; like < 4; like += 1) {
    await userEvent.click(await screen.findByRole('button', { name: 'Leuk' }));
  }
  expect(await screen.findByText('Dat waren je likes voor vandaag')).toBeInTheDocument();
  expect(screen.getByText('Kom morgen terug voor nieuwe likes.')).toBeInTheDocument();
  // The server said the day ends in 1 h 2 min 5 s.
  expect(screen.getByText(/^01:02:0\d$/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Leuk' })).toBeNull();
  await waitFor(() => expect(likes).toHaveLength(4));
  expect(likes).toEqual([2, 3, 4, 5].map((id) => ({ id, source: 'swipe' })));

  first.unmount();
  await renderPage(<SwipeGamePage />, { route: '/swipe-game', path: '/swipe-game' });
  expect(await screen.findByText('Dat waren je likes voor vandaag')).toBeInTheDocument();
});

test('what the server says counts, not the browser: likes given elsewhere today are gone here too', async () => {
  serve(
    { profile: { id: 99 }, paid_user: false },
    { used: 3, resetsAt: new Date(Date.now() + 60_000).toISOString() },
  );
  await renderPage(<SwipeGamePage />, { route: '/swipe-game', path: '/swipe-game' });
  expect(await screen.findByText('Nog 1 likes vandaag')).toBeInTheDocument();
});

test('when the server refuses a like the game shows the limit and the countdown', async () => {
  // Another tab used the last like: this page still thinks one is left.
  const { server } = serve(
    { profile: { id: 99 }, paid_user: false },
    {
      used: 3,
      resetsAt: new Date(Date.now() + 60_000).toISOString(),
    },
  );
  await renderPage(<SwipeGamePage />, { route: '/swipe-game', path: '/swipe-game' });
  await screen.findByText('Nog 1 likes vandaag');
  server.used = 4;
  await userEvent.click(screen.getByRole('button', { name: 'Leuk' }));
  expect(await screen.findByText('Dat waren je likes voor vandaag')).toBeInTheDocument();
  expect(await screen.findByText('Je hebt vandaag al je 4 likes gegeven.')).toBeInTheDocument();
});

test('a visitor who likes gets the signup modal and keeps the card', async () => {
  const { fetch } = serve(false);
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  await renderPage(<SwipeGamePage />, { route: '/swipe-game', path: '/swipe-game', store });

  const like = await screen.findByRole('button', { name: 'Leuk' });
  // A signup button: a tap on the server-rendered deck before hydration is kept (SignupButton).
  expect(like).toHaveAttribute('data-signup-source', 'swipe-game');
  await userEvent.click(like);
  expect(dispatch).toHaveBeenCalledWith(signupModalOpened({ source: 'swipe-game' }));
  expect(screen.getByRole('group', { name: 'Profiel: Profiel 1' })).toBeInTheDocument();
  const paths = fetch.mock.calls.map(([request]) => new URL((request as Request).url).pathname);
  expect(paths).not.toContain('/api/like.php');
  expect(paths).not.toContain('/api/swipe.php');
});
