import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderShell } from '../test/render-shell';
import { userFixture } from '../test/fixtures';
import { creditsBadge } from './credits-badge';

beforeEach(() => localStorage.setItem('site-entry-warning-closed', '1'));
afterEach(() => localStorage.clear());

describe('top navigation', () => {
  test('message and like badges cap at 99+', async () => {
    await renderShell({ path: '/members', user: userFixture(), unread: [120, 5], newLikes: 3 });
    const messages = await screen.findByTestId('nav-messages-top');
    expect(await within(messages).findByText('99+')).toBeInTheDocument();
    expect(within(screen.getByTestId('nav-likes-top')).getByText('3')).toBeInTheDocument();
    // The phone's bottom bar shows the same badges.
    expect(within(screen.getByTestId('nav-messages-bottom')).getByText('99+')).toBeInTheDocument();
  });

  test('no badge without unread messages or new likes', async () => {
    await renderShell({ path: '/members', user: userFixture(), unread: [0], newLikes: 0 });
    const messages = await screen.findByTestId('nav-messages-top');
    expect(messages.querySelector('.badge')).toBeNull();
  });

  test.each([25, 10, 0])(
    'a paid member with %i credits has the Credits item and sees the balance once',
    async (credits) => {
      await renderShell({ path: '/members', user: userFixture({ paid_user: true, credits }) });
      const link = await screen.findByTestId('nav-credits-top');
      expect(link).toHaveAttribute('href', '/credits');
      expect(link.querySelector('.badge')).toBeNull();
      const balance = await screen.findByTestId('nav-balance');
      expect(within(balance).getByTestId('nav-balance-count')).toHaveTextContent(String(credits));
      expect(within(screen.getByRole('banner')).getAllByText(String(credits))).toHaveLength(1);
    },
  );

  test.each([
    [25, 'light', false],
    [5, 'warning', false],
    [0, 'danger', true],
  ])(
    'every member sees the balance (%i credits, %s) in the top bar, free members too',
    async (credits, variant, paid) => {
      await renderShell({ path: '/members', user: userFixture({ paid_user: paid, credits }) });
      const balance = await screen.findByTestId('nav-balance');
      expect(balance).toHaveAttribute('href', '/credits');
      expect(balance).toHaveClass(`text-bg-${variant}`);
      expect(within(balance).getByTestId('nav-balance-count')).toHaveTextContent(String(credits));
    },
  );

  test('visitors have no balance', async () => {
    await renderShell({ path: '/pages/faq', user: false });
    await screen.findByTestId('nav-login');
    expect(screen.queryByTestId('nav-balance')).toBeNull();
  });

  test('a free member sees Get Premium instead of credits', async () => {
    await renderShell({ path: '/members', user: userFixture({ paid_user: false, credits: 0 }) });
    expect(await screen.findByTestId('nav-premium-top')).toHaveAttribute('href', '/premium');
    expect(screen.queryByTestId('nav-credits-top')).toBeNull();
  });

  test('visitors get a Login button and no member links', async () => {
    await renderShell({ path: '/pages/faq', user: false });
    expect(await screen.findByTestId('nav-login')).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('nav-messages-top')).toBeNull();
  });

  test('the account menu opens with my profile, settings and logout; logout ends the session and opens /', async () => {
    let session: ReturnType<typeof userFixture> | false = userFixture();
    const view = await renderShell({
      path: '/profile',
      user: session,
      routes: {
        '/api/logout.php': () => {
          session = false;
          return { body: { ok: true } };
        },
        '/api/user.php': () => ({ body: { user: session } }),
      },
    });
    const toggle = await screen.findByRole('button', { name: 'Account' });
    toggle.click();
    expect(await screen.findByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Log out' }).click();
    expect(await screen.findByTestId('nav-login')).toBeInTheDocument();
    expect(view.edge.count('/api/logout.php')).toBe(1);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('mf_landers/HomePage')).toBeInTheDocument();
    // Afterwards member-only routes send the visitor to /login again.
    await act(async () => {
      await view.router.navigate('/chats');
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  });

  test('the back button shows only in standalone mode on the listed routes', async () => {
    const matchMedia = (query: string) => ({
      matches: query === '(display-mode: standalone)',
      addEventListener() {},
      removeEventListener() {},
    });
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    const view = await renderShell({ path: '/members/5', user: userFixture() });
    expect(await screen.findByRole('button', { name: 'Back' })).toBeInTheDocument();
    view.unmount();
    await renderShell({ path: '/members', user: userFixture() });
    await screen.findByTestId('nav-search-top');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    Object.defineProperty(window, 'matchMedia', { value: undefined, configurable: true });
  });

  test('hovering a link loads the remote module it leads to', async () => {
    const view = await renderShell({ path: '/members', user: userFixture() });
    fireEvent.mouseEnter(await screen.findByTestId('nav-messages-top'));
    expect(view.remotes.preloads).toContain('mf_chat/ChatsPage');
  });

  test('creditsBadge rules', () => {
    expect(creditsBadge(11)).toBeNull();
    expect(creditsBadge(10)).toEqual({ variant: 'warning', text: '10' });
    expect(creditsBadge(0)).toEqual({ variant: 'danger', text: '0' });
  });
});
