import { act, screen, waitFor } from '@testing-library/react';
import { renderShell } from '../test/render-shell';
import { userFixture } from '../test/fixtures';
import { ROUTE_TABLE, remoteForPath } from './route-table';

beforeEach(() => localStorage.setItem('site-entry-warning-closed', '1'));

/** Every path the router shows from now on (redirects included). */
function visited(router: {
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}) {
  const paths: string[] = [];
  router.subscribe((state) => {
    if (paths[paths.length - 1] !== state.location.pathname) paths.push(state.location.pathname);
  });
  return paths;
}
afterEach(() => localStorage.clear());

async function layoutOf(path: string, user = userFixture() as ReturnType<typeof userFixture> | false) {
  const view = await renderShell({ path, user });
  await screen.findAllByTestId('remote-page');
  return { view, layout: view.container.querySelector('[data-layout]')?.getAttribute('data-layout') };
}

describe('route table and layouts', () => {
  test('every docs/product/routes-and-layouts.md path is in the table once, with a name and a layout', () => {
    const paths = ROUTE_TABLE.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/members',
      '/members/:id',
      '/likes/m/:id',
      '/members/:id/chat',
      '/chats/:id',
      '/likes/:type',
      '/credits/:id/:paymentmethod?',
      '/credits/repeat-order',
      '/premium',
      '/pricing',
      '/directdebit',
      '/transactions/:id?',
      '/profile',
      '/notifications',
      '/lang-config',
      '/login',
      '/signup',
      '/signup-matches',
      '/complete-signup',
      '/reset-password',
      '/reset-password/do',
      '/activate/done',
      '/activate/error',
      '/mail-change/do',
      '/account-deleted',
      '/complaints',
      '/match-finder',
      '/swipe-game',
      '/landers/tinderswipe',
      '/landers/video/:slug?',
      '/:token',
      '/pages/ban',
      '/pages/cookies',
      '/pages/faq',
      '/pages/privacy',
      '/pages/return-policy',
      '/pages/service',
      '/pages/terms',
    ]) {
      expect(paths).toContain(path);
    }
  });

  test('a conversation opens in the chat layout with mf_chat modules', async () => {
    const { layout } = await layoutOf('/chats/7');
    expect(layout).toBe('chat');
    expect(await screen.findByText('mf_chat/ConversationPage')).toBeInTheDocument();
    expect(await screen.findByText('mf_chat/ConversationList')).toBeInTheDocument();
  });

  test('the chat sidebar asks mf_chat for the compact list', async () => {
    await renderShell({
      path: '/chats/7',
      user: userFixture(),
      modules: {
        'mf_chat/ConversationList': ({ compact }) => <div>{compact ? 'compact list' : 'full list'}</div>,
      },
    });
    expect(await screen.findByText('compact list')).toBeInTheDocument();
  });

  test('member search uses the default layout with the top navigation and footer', async () => {
    const { layout } = await layoutOf('/members');
    expect(layout).toBe('default');
    expect(screen.getByText('mf_members/MembersPage')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Terms and conditions' }).length).toBeGreaterThan(0);
  });

  test('visitors see the home lander at / in the lander layout; members go to /members', async () => {
    const visitor = await layoutOf('/', false);
    expect(visitor.layout).toBe('lander');
    expect(await screen.findByText('mf_landers/HomePage')).toBeInTheDocument();
    visitor.view.unmount();

    const member = await renderShell({ path: '/', user: userFixture() });
    await waitFor(() => expect(member.router.state.location.pathname).toBe('/members'));
    expect(member.remotes.loads).not.toContain('mf_landers/HomePage');
  });

  test('a lander slug token shows mf_landers/LanderPage; an unknown path shows the 404 page', async () => {
    await layoutOf('/general-nl', false);
    expect(screen.getByText('mf_landers/LanderPage')).toBeInTheDocument();
  });

  test('the match finder has the empty layout', async () => {
    const { layout } = await layoutOf('/match-finder', false);
    expect(layout).toBe('empty');
    expect(screen.getByText('mf_landers/MatchFinderPage')).toBeInTheDocument();
  });

  test.each(['/landers/gallery/she-nl', '/members/x/landing', '/landers/tinderswipe/general-nl'])(
    '%s (a lander path that does not resolve) is the 404 page',
    async (path) => {
      await renderShell({ path, user: false });
      expect(
        await screen.findByRole('heading', { name: 'This page could not be found' }),
      ).toBeInTheDocument();
      expect(screen.queryByText('mf_landers/LanderPage')).toBeNull();
    },
  );

  test.each(['/does/not/exist', '/nonsense', '/bdsm-nl', '/landers/unknown'])(
    '%s is a 404 with a link home',
    async (path) => {
      const view = await renderShell({ path, user: false });
      expect(
        await screen.findByRole('heading', { name: 'This page could not be found' }),
      ).toBeInTheDocument();
      expect(screen.getByText('404')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
      expect(view.remotes.loads).toEqual([]);
    },
  );

  test('members-only routes send visitors to /login without loading the remote', async () => {
    const view = await renderShell({ path: '/chats', user: false });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(view.router.state.location.search).toBe('?redirect=%2Fchats');
    expect(view.remotes.loads).not.toContain('mf_chat/ChatsPage');
  });

  test('member search for visitors follows logged_out_search, or a traffic source where allowed', async () => {
    const closed = { logged_out_search: 'none', logged_out_search_trafficsource: 'other' } as const;
    const blocked = await renderShell({ path: '/members', user: false, settings: closed });
    await waitFor(() => expect(blocked.router.state.location.pathname).toBe('/login'));
    blocked.unmount();
    await renderShell({ path: '/members?network=ads', user: false, settings: closed });
    expect(await screen.findByText('mf_members/MembersPage')).toBeInTheDocument();
  });

  test('a signup in the modal on / stays on the lander until the modal closes, then goes to /members', async () => {
    const { signupModalOpened, signupClosed, coreApi } = await import('@dating/shared');
    const view = await renderShell({ path: '/', user: false });
    await screen.findByText('mf_landers/HomePage');
    await act(async () => {
      view.store.dispatch(signupModalOpened({ source: 'lander' }));
      await view.store.dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user: userFixture() }));
    });
    expect(await screen.findByText('mf_account/SignupForm')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/');
    act(() => {
      view.store.dispatch(signupClosed());
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/members'));
  });

  test('a page that ends the session while navigating away (account deletion) is not sent to /login', async () => {
    const { loggedOut } = await import('@dating/shared');
    const view = await renderShell({ path: '/profile', user: userFixture() });
    await screen.findByText('mf_account/ProfileSettingsPage');
    const seen = visited(view.router);
    await act(async () => {
      void view.router.navigate('/account-deleted', { replace: true });
      view.store.dispatch(loggedOut());
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/account-deleted'));
    expect(await screen.findByText('mf_account/AccountDeletedPage')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/account-deleted');
    expect(seen).not.toContain('/login');
  });

  test("logout from a members-only page opens / without passing /login, and the page stays a visitor's", async () => {
    let session: ReturnType<typeof userFixture> | false = userFixture();
    const view = await renderShell({
      path: '/likes',
      user: session,
      routes: {
        '/api/logout.php': () => {
          session = false;
          return { body: { ok: true } };
        },
        '/api/user.php': () => ({ body: { user: session } }),
      },
    });
    await screen.findByText('mf_members/LikesPage');
    const seen = visited(view.router);
    (await screen.findByRole('button', { name: 'Account' })).click();
    (await screen.findByRole('button', { name: 'Log out' })).click();
    // The logout request, the navigation and the home page's module: more than findBy's 1 s on a busy machine.
    expect(await screen.findByText('mf_landers/HomePage', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/');
    // The store forgets the member after the navigation; that must not send the visitor anywhere else.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(view.router.state.location.pathname).toBe('/');
    expect(seen).not.toContain('/login');
    expect(seen).not.toContain('/members');
  }, 15_000);

  test("a navigation started before the session ends runs its rule with the visitor's session", async () => {
    const { loggedOut } = await import('@dating/shared');
    let session: ReturnType<typeof userFixture> | false = userFixture();
    const view = await renderShell({
      path: '/profile',
      user: session,
      routes: { '/api/user.php': () => ({ body: { user: session } }) },
    });
    await screen.findByText('mf_account/ProfileSettingsPage');
    session = false;
    await act(async () => {
      void view.router.navigate('/credits');
      view.store.dispatch(loggedOut());
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(view.router.state.location.search).toBe('?redirect=%2Fcredits');
    expect(view.remotes.loads).not.toContain('mf_payments/CreditsPage');
  });

  test('when the session ends on a members-only route the member lands on /login', async () => {
    let session: ReturnType<typeof userFixture> | false = userFixture();
    const view = await renderShell({
      path: '/likes',
      user: session,
      routes: { '/api/user.php': () => ({ body: { user: session } }) },
    });
    await screen.findByText('mf_members/LikesPage');
    const { authRequired } = await import('@dating/shared');
    // The server has ended the session (it expired); a request answered 403 auth_required.
    session = false;
    view.store.dispatch(authRequired());
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(view.router.state.location.search).toBe('?redirect=%2Flikes');
  });

  test('a member who logs in is sent on by the login page; / then sends them to /members', async () => {
    const { coreApi } = await import('@dating/shared');
    const view = await renderShell({ path: '/login?redirect=%2Fchats', user: false });
    await screen.findByText('mf_account/LoginPage');
    await act(async () => {
      await view.store.dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user: userFixture() }));
    });
    // The login page is open to everyone: the session change alone moves nobody.
    expect(view.router.state.location.pathname).toBe('/login');
    await act(async () => {
      await view.router.navigate('/chats');
    });
    expect(await screen.findByText('mf_chat/ChatsPage')).toBeInTheDocument();
    await act(async () => {
      await view.router.navigate('/');
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/members'));
  });

  test('remoteForPath finds the owning remote for hover preloading', () => {
    expect(remoteForPath('/chats/3')).toEqual({ remote: 'mf_chat', module: 'ConversationPage' });
    expect(remoteForPath('/credits/2/ideal')).toEqual({ remote: 'mf_payments', module: 'CheckoutPage' });
    expect(remoteForPath('/likes/m/4')).toEqual({ remote: 'mf_members', module: 'MemberProfilePage' });
    expect(remoteForPath('/login')).toEqual({ remote: 'mf_account', module: 'LoginPage' });
    expect(remoteForPath('/pages/terms')).toBeNull();
  });
});
