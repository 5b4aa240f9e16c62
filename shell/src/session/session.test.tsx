import { act, screen } from '@testing-library/react';
import { renderShell } from '../test/render-shell';
import { userFixture } from '../test/fixtures';
import { titleWithCount } from './title-badge';

beforeEach(() => localStorage.setItem('site-entry-warning-closed', '1'));
afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('session polling (docs/product/constants.md)', () => {
  test('a member: chats and likes load at start; user, chats and likes refresh 5 s after load, then every 60 s', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderShell({ path: '/members', user: userFixture({ push_subscribed: false }) });
    await advance(10);
    const { count } = view.edge;
    expect([count('/api/user.php'), count('/api/chats.php'), count('/api/likes.php')]).toEqual([0, 1, 1]);
    await advance(4_900);
    expect(count('/api/user.php')).toBe(0);
    await advance(200);
    expect([count('/api/user.php'), count('/api/chats.php'), count('/api/likes.php')]).toEqual([1, 2, 2]);
    await advance(59_000);
    expect(count('/api/user.php')).toBe(1);
    await advance(1_100);
    expect([count('/api/user.php'), count('/api/chats.php'), count('/api/likes.php')]).toEqual([2, 3, 3]);
  });

  test('with push subscribed the interval is 300 s', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const user = userFixture({ push_subscribed: true });
    const view = await renderShell({ path: '/members', user });
    await advance(5_100);
    expect(view.edge.count('/api/user.php')).toBe(1);
    await advance(120_000);
    expect(view.edge.count('/api/user.php')).toBe(1);
    await advance(180_100);
    expect(view.edge.count('/api/user.php')).toBe(2);
  });

  test('a message from the push service worker reloads user, chats and likes at once', async () => {
    // jsdom has no service workers: an EventTarget stands in for navigator.serviceWorker at the edge.
    const container = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    try {
      jest.useFakeTimers({ advanceTimers: false });
      const view = await renderShell({ path: '/members', user: userFixture({ push_subscribed: true }) });
      await advance(10);
      expect(view.edge.count('/api/chats.php')).toBe(1);
      await act(async () => {
        container.dispatchEvent(new MessageEvent('message', { data: { type: 'push', kind: 'message' } }));
      });
      await advance(10);
      expect([
        view.edge.count('/api/user.php'),
        view.edge.count('/api/chats.php'),
        view.edge.count('/api/likes.php'),
      ]).toEqual([1, 2, 2]);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).serviceWorker;
    }
  });

  test('visitors are not polled and load no chats or likes', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderShell({ path: '/pages/faq', user: false });
    await advance(70_000);
    expect(
      view.edge.count('/api/user.php') +
        view.edge.count('/api/chats.php') +
        view.edge.count('/api/likes.php'),
    ).toBe(0);
  });
});

describe('page title and app badge', () => {
  test('titleWithCount', () => {
    expect(titleWithCount('Members', 3)).toBe('(3) Members');
    expect(titleWithCount('(3) Members', 5)).toBe('(5) Members');
    expect(titleWithCount('(3) Members', 0)).toBe('Members');
  });

  test('the title gets (unread + new likes) and the app badge the same sum, also after a page sets its title', async () => {
    const setAppBadge = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'setAppBadge', { value: setAppBadge, configurable: true });
    document.title = 'Flirtplaats';
    await renderShell({ path: '/members', user: userFixture(), unread: [2, 1], newLikes: 4 });
    await screen.findByText('mf_members/MembersPage');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.title).toBe('(7) Search - Flirtplaats');
    expect(setAppBadge).toHaveBeenLastCalledWith(7);
    await act(async () => {
      document.title = 'Search';
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(document.title).toBe('(7) Search');
  });
});

describe('page lifecycle', () => {
  test('a member whose page is hidden sends the page-hidden beacon', async () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    await renderShell({ path: '/members', user: userFixture() });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledWith('/api/page-hidden.php', expect.any(Blob));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  test('?lb turns on page-bounce logging', async () => {
    const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    await renderShell({ path: '/pages/faq?lb=1', user: false });
    await screen.findByTestId('static-page-faq');
    expect(
      debug.mock.calls.some(([line]) => String(line).includes('[lb]') && String(line).includes('navigate')),
    ).toBe(true);
    debug.mockRestore();
    sessionStorage.clear();
  });
});
