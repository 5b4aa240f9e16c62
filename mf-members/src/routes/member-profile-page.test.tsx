import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, signupModalOpened, type Profile, type ProfileImage } from '@dating/shared';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import MemberProfilePage from './member-profile-page';
import LikesPage from './likes-page';

const image = (id: number): ProfileImage => ({
  id,
  filename: `/media/${id}.jpg`,
  thumb_filename: `/media/${id}-t.jpg`,
  match: `/media/${id}-m.jpg`,
  status: 'active',
});

const anna: Profile = {
  id: 7,
  name: 'Anna',
  age: 34,
  gender: 'female',
  sexuality: 'bi',
  date_of_birth: null,
  country: 'NL',
  region: 'Utrecht',
  city: 'Amersfoort',
  reason: null,
  hair_color: 'dark_blond',
  eye_color: 'green',
  body_type: 'slim',
  relationship_status: 'single',
  tattoos: true,
  interests: ['wine', 'hiking'],
  main_image: image(1),
  images: [image(1), image(2), image(3), image(4), image(5)],
  num_images: 5,
  status: 'active',
  fictional: false,
};

function serve(user: unknown) {
  return mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse({ fictional_warning: '' });
    if (url.pathname === '/api/user.php') return jsonResponse({ user });
    if (url.pathname === '/api/member.php' && url.searchParams.get('id') === '7') {
      return jsonResponse({ profile: anna, liked: false, blocked: false });
    }
    if (url.pathname === '/api/likes.php') {
      return jsonResponse({
        profiles: [],
        liked_by: [{ id: 1, like_new: true, profile: anna, liked_at: '2026-11-21T10:00:00Z' }],
      });
    }
    return undefined;
  });
}

test('a free member sees the translated fields, interests and 3 photos, with more for premium', async () => {
  serve({ profile: { id: 1 }, paid_user: false });
  await renderPage(<MemberProfilePage />, { route: '/members/7', path: '/members/:id' });

  expect(await screen.findByRole('heading', { name: 'Anna, 34' })).toBeInTheDocument();
  expect(screen.getByText('Donkerblond')).toBeInTheDocument();
  expect(screen.getByText('Biseksueel')).toBeInTheDocument();
  expect(screen.getByText('Amersfoort, Utrecht, Nederland')).toBeInTheDocument();
  expect(screen.getByText('Wijn')).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /^Toon foto/ })).toHaveLength(3);
  expect(screen.getByRole('link', { name: "+2 foto's met Premium" })).toHaveAttribute('href', '/premium');
  expect(screen.getByRole('link', { name: /Chatten/ })).toHaveAttribute('href', '/members/7/chat');
});

test('a premium member sees every photo', async () => {
  serve({ profile: { id: 1 }, paid_user: true });
  await renderPage(<MemberProfilePage />, { route: '/members/7', path: '/members/:id' });
  await screen.findByRole('heading', { name: 'Anna, 34' });
  expect(screen.getAllByRole('button', { name: /^Toon foto/ })).toHaveLength(5);
  expect(screen.queryByRole('link', { name: /met Premium/ })).toBeNull();
});

test('a visitor who likes a profile gets the signup modal', async () => {
  serve(false);
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  await renderPage(<MemberProfilePage />, { route: '/members/7', path: '/members/:id', store });
  await userEvent.click(await screen.findByRole('button', { name: /Liken/ }));
  expect(dispatch).toHaveBeenCalledWith(signupModalOpened({ source: 'profile-like' }));
});

test('liked-me shows new likes; opening one clears its new flag, on the server too', async () => {
  const fetch = serve({ profile: { id: 1 }, paid_user: false });
  await renderPage(<LikesPage />, { route: '/likes', path: '/likes/:type?' });

  const list = await screen.findByRole('list', { name: 'Vinden mij leuk' });
  const card = within(list).getByRole('link', { name: /Anna, 34/ });
  expect(card).toHaveAttribute('href', '/likes/m/7');
  expect(within(card).getByText('Nieuw')).toBeInTheDocument();

  await userEvent.click(card);
  await waitFor(() => {
    const posted = fetch.mock.calls.map(([request]) => request as Request);
    expect(posted.some((r) => r.method === 'POST' && r.url.endsWith('/api/like-seen.php'))).toBe(true);
  });
});
