import { screen } from '@testing-library/react';
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

function serve(user: unknown) {
  return mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/user.php') return jsonResponse({ user });
    if (url.pathname === '/api/members.php') {
      return jsonResponse({ profiles, pageNumber: 1, numResults: 30, total: 8, similar: false });
    }
    return undefined;
  });
}

beforeEach(() => window.localStorage.clear());

test('a member gets 4 likes a day, then the game says to come back tomorrow, also after a reload', async () => {
  serve({ profile: { id: 99 }, paid_user: false });
  const first = await renderPage(<SwipeGamePage />, { route: '/swipe-game', path: '/swipe-game' });

  expect(await screen.findByText('Nog 4 likes vandaag')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Overslaan' }));
  expect(screen.getByRole('group', { name: 'Profiel: Profiel 2' })).toBeInTheDocument();
  expect(screen.getByText('Nog 4 likes vandaag')).toBeInTheDocument();

  for (let like = 0; like < 4; like += 1) {
    await userEvent.click(screen.getByRole('button', { name: 'Leuk' }));
  }
  expect(screen.getByText('Dat waren je likes voor vandaag')).toBeInTheDocument();
  expect(screen.getByText('Kom morgen terug voor nieuwe likes.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Leuk' })).toBeNull();

  first.unmount();
  await renderPage(<SwipeGamePage />, { route: '/swipe-game', path: '/swipe-game' });
  expect(await screen.findByText('Dat waren je likes voor vandaag')).toBeInTheDocument();
});

test('likes from yesterday do not count today', async () => {
  window.localStorage.setItem('swipe-game-likes', JSON.stringify({ day: '2020-01-01', count: 4 }));
  serve({ profile: { id: 99 }, paid_user: false });
  await renderPage(<SwipeGamePage />, { route: '/swipe-game', path: '/swipe-game' });
  expect(await screen.findByText('Nog 4 likes vandaag')).toBeInTheDocument();
});

test('a visitor who likes gets the signup modal and keeps the card', async () => {
  serve(false);
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  await renderPage(<SwipeGamePage />, { route: '/swipe-game', path: '/swipe-game', store });

  await userEvent.click(await screen.findByRole('button', { name: 'Leuk' }));
  expect(dispatch).toHaveBeenCalledWith(signupModalOpened({ source: 'swipe-game' }));
  expect(screen.getByRole('group', { name: 'Profiel: Profiel 1' })).toBeInTheDocument();
  expect(window.localStorage.getItem('swipe-game-likes')).toBeNull();
});
