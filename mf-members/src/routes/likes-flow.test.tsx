import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreApi, type LikesResponse, type Profile } from '@dating/shared';
import { profileFixture, userFixture } from '@dating/shared/testing';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import MemberProfilePage from './member-profile-page';
import MembersPage from './members-page';
import LikesPage from './likes-page';

const anna: Profile = profileFixture({ id: 7, name: 'Anna', age: 34, gender: 'female', date_of_birth: null });
const bea: Profile = profileFixture({ id: 8, name: 'Bea', age: 29, gender: 'female', date_of_birth: null });
const me = userFixture({ profile: profileFixture({ id: 1 }), paid_user: false });

interface ServerState {
  likes: LikesResponse;
  liked: boolean;
  blocked: boolean;
  likeAnswer?: { status: number; body: unknown };
  writes: { method: string; path: string; body: unknown }[];
}

/** A small stand-in of the server: member.php and likes.php answer what the writes changed. */
function serve(state: ServerState) {
  return mockFetch(async (request, url) => {
    const path = url.pathname;
    if (request.method !== 'GET') {
      const text = await request.text();
      state.writes.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
    }
    if (path === '/api/settings.php') return jsonResponse({ fictional_warning: '', countries: ['NL'] });
    if (path === '/api/user.php') return jsonResponse({ user: me });
    if (path === '/api/regions.php') return jsonResponse({ regions: [] });
    if (path === '/api/member.php') {
      return jsonResponse({ profile: anna, liked: state.liked, blocked: state.blocked });
    }
    if (path === '/api/likes.php') return jsonResponse(state.likes);
    if (path === '/api/members.php') {
      return jsonResponse({ profiles: [anna, bea], pageNumber: 1, numResults: 20, total: 2, similar: false });
    }
    if (path === '/api/like.php' && request.method === 'POST') {
      if (state.likeAnswer) return jsonResponse(state.likeAnswer.body, state.likeAnswer.status);
      state.liked = true;
      state.likes = { ...state.likes, profiles: [anna, ...state.likes.profiles] };
      const match = state.likes.liked_by.some((entry) => entry.profile.id === anna.id);
      return jsonResponse({ liked: true, match });
    }
    if (path === '/api/like.php' && request.method === 'DELETE') {
      state.liked = false;
      state.likes = { ...state.likes, profiles: state.likes.profiles.filter((p) => p.id !== anna.id) };
      return jsonResponse({ liked: false, match: false });
    }
    if (path === '/api/like-seen.php') {
      state.likes = {
        ...state.likes,
        liked_by: state.likes.liked_by.map((entry) => ({ ...entry, like_new: false })),
      };
      return jsonResponse({ ok: true });
    }
    if (path === '/api/report.php') return jsonResponse({ ok: true }, 201);
    if (path === '/api/block.php' && request.method === 'POST') {
      state.blocked = true;
      return new Response(null, { status: 204 });
    }
    if (path === '/api/block.php' && request.method === 'DELETE') {
      state.blocked = false;
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

function freshState(overrides: Partial<ServerState> = {}): ServerState {
  return { likes: { profiles: [], liked_by: [] }, liked: false, blocked: false, writes: [], ...overrides };
}

test('a member likes a profile, sees the match, and can take the like back', async () => {
  const state = freshState({
    likes: {
      profiles: [],
      liked_by: [{ id: 3, like_new: false, profile: anna, liked_at: '2026-11-21T10:00:00Z' }],
    },
  });
  serve(state);
  await renderPage(<MemberProfilePage />, { route: '/members/7', path: '/members/:id' });

  await userEvent.click(await screen.findByRole('button', { name: /Liken/ }));
  expect(await screen.findByText('Het is een match! Jij en Anna vinden elkaar leuk.')).toHaveAttribute(
    'role',
    'status',
  );
  expect(state.writes).toContainEqual({
    method: 'POST',
    path: '/api/like.php',
    body: { id: 7, source: 'profile' },
  });
  const liked = await screen.findByRole('button', { name: /Geliked/ });
  expect(liked).toHaveAttribute('aria-pressed', 'true');

  await userEvent.click(liked);
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /Liken/ })).toHaveAttribute('aria-pressed', 'false'),
  );
  expect(state.writes).toContainEqual({ method: 'DELETE', path: '/api/like.php', body: { id: 7 } });
});

test("a refused like shows the server's message and the heart flips back", async () => {
  const state = freshState({
    likeAnswer: {
      status: 403,
      body: { error: { code: 'blocked', message: 'Dit lid is niet beschikbaar.' } },
    },
  });
  serve(state);
  await renderPage(<MemberProfilePage />, { route: '/members/7', path: '/members/:id' });
  await userEvent.click(await screen.findByRole('button', { name: /Liken/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Dit lid is niet beschikbaar.');
  expect(screen.getByRole('button', { name: /Liken/ })).toHaveAttribute('aria-pressed', 'false');
});

test('opening a liked-by profile clears its new flag on the server, so the count stays down', async () => {
  const state = freshState({
    likes: {
      profiles: [],
      liked_by: [{ id: 3, like_new: true, profile: anna, liked_at: '2026-11-21T10:00:00Z' }],
    },
  });
  serve(state);
  const { store } = await renderPage(<MemberProfilePage />, { route: '/likes/m/7', path: '/likes/m/:id' });
  void store.dispatch(coreApi.endpoints.getLikes.initiate());

  await waitFor(() =>
    expect(state.writes).toContainEqual({ method: 'POST', path: '/api/like-seen.php', body: { id: 7 } }),
  );
  // The write invalidates likes.php; the reloaded answer (the server's state) has no new like left.
  await waitFor(() => {
    const likes = coreApi.endpoints.getLikes.select()(store.getState()).data;
    expect(likes?.liked_by[0]?.like_new).toBe(false);
  });
  expect(state.likes.liked_by[0]?.like_new).toBe(false);
});

test('likes from search results: the heart of a card likes that member', async () => {
  const state = freshState();
  serve(state);
  await renderPage(<MembersPage />, { route: '/members', path: '/members' });
  const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
  const heart = await within(results).findByRole('button', { name: 'Anna liken' });
  await userEvent.click(heart);
  expect(await within(results).findByRole('button', { name: 'Like van Anna intrekken' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(state.writes).toContainEqual({
    method: 'POST',
    path: '/api/like.php',
    body: { id: 7, source: 'search' },
  });
  expect(within(results).getByRole('button', { name: 'Bea liken' })).toHaveAttribute('aria-pressed', 'false');
});

test('the matches tab lists members who like me and whom I like', async () => {
  const state = freshState({
    likes: {
      profiles: [anna],
      liked_by: [
        { id: 3, like_new: false, profile: anna, liked_at: '2026-11-21T10:00:00Z' },
        { id: 4, like_new: true, profile: bea, liked_at: '2026-11-21T11:00:00Z' },
      ],
    },
  });
  serve(state);
  await renderPage(<LikesPage />, { route: '/likes/matches', path: '/likes/:type?' });
  const list = await screen.findByRole('list', { name: 'Matches' });
  expect(within(list).getAllByRole('link')).toHaveLength(1);
  expect(within(list).getByRole('link', { name: /Anna, 34/ })).toHaveAttribute('href', '/likes/m/7');
  expect(screen.getByRole('link', { name: /Vinden mij leuk/ })).toHaveTextContent('1');
});

test('report: a reason is required, then the report is sent with the text', async () => {
  const state = freshState();
  serve(state);
  await renderPage(<MemberProfilePage />, { route: '/members/7', path: '/members/:id' });
  await userEvent.click(await screen.findByRole('button', { name: 'Rapporteren' }));
  const dialog = await screen.findByRole('dialog', { name: 'Anna rapporteren' });

  await userEvent.click(within(dialog).getByRole('button', { name: 'Versturen' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Kies een reden.');
  expect(state.writes.filter((w) => w.path === '/api/report.php')).toHaveLength(0);

  await userEvent.click(within(dialog).getByRole('radio', { name: 'Nepprofiel' }));
  await userEvent.type(
    within(dialog).getByRole('textbox', { name: 'Toelichting (optioneel)' }),
    'Foto van internet',
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Versturen' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent('Bedankt.');
  expect(state.writes).toContainEqual({
    method: 'POST',
    path: '/api/report.php',
    body: { id: 7, reason: 'fake', text: 'Foto van internet' },
  });
});

test('block asks first, then hides the profile with a way to unblock', async () => {
  const state = freshState();
  serve(state);
  await renderPage(<MemberProfilePage />, { route: '/members/7', path: '/members/:id' });
  await userEvent.click(await screen.findByRole('button', { name: 'Blokkeren' }));
  const dialog = await screen.findByRole('dialog', { name: 'Anna blokkeren?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Blokkeren' }));

  expect(await screen.findByText('Je hebt dit lid geblokkeerd.')).toBeInTheDocument();
  expect(state.writes).toContainEqual({ method: 'POST', path: '/api/block.php', body: { profile_id: 7 } });

  await userEvent.click(screen.getByRole('button', { name: 'Deblokkeren' }));
  expect(await screen.findByRole('heading', { name: 'Anna, 34' })).toBeInTheDocument();
  expect(state.writes).toContainEqual({ method: 'DELETE', path: '/api/block.php', body: { profile_id: 7 } });
});
