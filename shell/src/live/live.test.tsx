import { act, screen, waitFor, within } from '@testing-library/react';
import type { ChatEntry, LiveEvent } from '@dating/shared';
import { installEventSource, type FakeEventSource } from '../test/event-source-edge';
import { renderShell } from '../test/render-shell';
import { chatsFixture, likesFixture, profileFixture, userFixture } from '../test/fixtures';

// Each test renders the whole shell; on a busy shared machine that alone can take seconds.
jest.setTimeout(20_000);

let sources: ReturnType<typeof installEventSource>;
beforeEach(() => {
  localStorage.setItem('site-entry-warning-closed', '1');
  sources = installEventSource();
});
afterEach(() => {
  localStorage.clear();
  sources.uninstall();
  jest.useRealTimers();
});

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}
/** The shell as a member sees it, once its root route has opened the channel. */
async function renderMember(options: Parameters<typeof renderShell>[0]) {
  const view = await renderShell(options);
  await waitFor(() => expect(sources.all().length).toBeGreaterThan(0));
  return view;
}
/** A member's page that named where the member's live log stood (site-data's `liveFrom`). */
async function renderMemberFromPage(from: string) {
  const user = userFixture({ push_subscribed: false });
  const view = await renderMember({ path: '/members', user, live: { from, memberId: user.profile.id } });
  return { view, user };
}
/** A message from the chat's partner, as the live channel delivers it. */
const messageTo = (chat: ChatEntry): LiveEvent => ({
  type: 'message',
  conversation: chat.conversation.id,
  chat,
  message: {
    id: 77,
    conversation: chat.conversation.id,
    client_id: null,
    from_me: false,
    type: 'text',
    text: 'Hoi',
    gift: null,
    photo: null,
    sent_at: chat.conversation.updated_at,
    read_at: null,
  },
});
const channel = (): FakeEventSource => {
  const source = sources.current();
  if (!source) throw new Error('no live connection');
  return source;
};
async function serverSends(event: LiveEvent) {
  await act(async () => {
    channel().send(event);
    await Promise.resolve();
  });
}
const counts = (view: Awaited<ReturnType<typeof renderShell>>) => [
  view.edge.count('/api/user.php'),
  view.edge.count('/api/chats.php'),
  view.edge.count('/api/likes.php'),
];

describe('live channel: one connection per tab, polling only while it is down', () => {
  test('a member opens one EventSource on /api/live.php with the cookie; a visitor none', async () => {
    await renderMember({ path: '/members', user: userFixture() });
    expect(sources.all()).toHaveLength(1);
    expect(channel().url).toBe('/api/live.php');
    expect(channel().init).toEqual({ withCredentials: true });
    sources.uninstall();
    sources = installEventSource();
    await renderShell({ path: '/pages/faq', user: false });
    await screen.findByTestId('static-page-faq');
    expect(sources.all()).toHaveLength(0);
  });

  test('while the channel is up only user.php is polled (every 60 s); all of it 5 s after a drop; nothing more when it resumes', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderMember({ path: '/members', user: userFixture({ push_subscribed: false }) });
    await advance(10);
    expect(counts(view)).toEqual([0, 1, 1]);
    await act(async () => {
      channel().open();
      channel().ready('40');
    });
    // No event tells of a change made elsewhere to the account (a bounce, premium granted by staff): user.php is
    // asked every 60 s; chats and likes are kept current by the events.
    await advance(59_000);
    expect(counts(view)).toEqual([0, 1, 1]);
    await advance(1_000);
    expect(counts(view)).toEqual([1, 1, 1]);
    await advance(120_000);
    expect(counts(view)).toEqual([3, 1, 1]);

    await act(async () => channel().drop());
    await advance(4_900);
    expect(counts(view)).toEqual([3, 1, 1]);
    await advance(200);
    expect(counts(view)).toEqual([4, 2, 2]);
    await advance(60_000);
    expect(counts(view)).toEqual([5, 3, 3]);

    // Back up: the server replayed what was missed meanwhile, so nothing is fetched again; the events keep chats
    // and likes current.
    await act(async () => {
      channel().open();
      channel().send({ type: 'likes_changed' }, '41');
      channel().ready('41');
    });
    await advance(10);
    expect(counts(view)).toEqual([5, 3, 4]);
    await advance(300_000);
    expect(counts(view)).toEqual([10, 3, 4]);
    expect(sources.all()).toHaveLength(1);
  });

  test('a stream that comes back resumes from the last event id: no refetch when the server replayed the gap, one when it cannot', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderMember({ path: '/members', user: userFixture({ push_subscribed: false }) });
    await act(async () => {
      channel().open();
      channel().ready('7');
      channel().send({ type: 'typing', conversation: 1, member: 2 });
      channel().send({ type: 'likes_changed' }, '9');
    });
    await advance(10);
    const before = counts(view);
    // A drop: the browser reconnects the same EventSource (with Last-Event-ID: 9); the replay covers the gap.
    await act(async () => channel().drop());
    await advance(3_000);
    await act(async () => {
      channel().open();
      channel().ready('9');
    });
    await advance(10);
    expect(counts(view)).toEqual(before);
    // A node that stops: the tab opens a new EventSource itself, naming where it stopped.
    await act(async () => channel().sendNamed('reconnect', { after_ms: 100 }));
    await advance(100);
    expect(sources.all()).toHaveLength(2);
    expect(channel().url).toBe('/api/live.php?last_event_id=9');
    // The log no longer covers the gap: user, chats and likes once, then it goes on from the new id.
    await act(async () => {
      channel().open();
      channel().ready('120', true);
    });
    await advance(10);
    expect(counts(view)).toEqual(before.map((n) => n + 1));
    await act(async () => channel().sendNamed('reconnect', { after_ms: 100 }));
    await advance(100);
    expect(channel().url).toBe('/api/live.php?last_event_id=120');
    await act(async () => {
      channel().open();
      channel().ready('120');
    });
    await advance(10);
    expect(counts(view)).toEqual(before.map((n) => n + 1));
  });

  test('a stream that comes back with no id to resume from refetches once, whatever its ready says', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderMember({ path: '/members', user: userFixture({ push_subscribed: false }) });
    // A server that could not read the log names no id.
    await act(async () => {
      channel().open();
      channel().ready('');
    });
    await advance(10);
    const before = counts(view);
    await act(async () => channel().drop());
    await advance(3_000);
    await act(async () => {
      channel().open();
      channel().ready('');
    });
    await advance(10);
    expect(counts(view)).toEqual(before.map((n) => n + 1));
  });

  test("the page's first stream resumes from where the log stood when the page was made: what happened while it loaded is replayed", async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const { view } = await renderMemberFromPage('30');
    expect(channel().url).toBe('/api/live.php?last_event_id=30');
    await advance(10);
    const before = counts(view);
    // A message that came while the page loaded its chats, replayed: it is in the list, with no refetch.
    const chat: ChatEntry = {
      ...chatsFixture([3]).chats[0]!,
      conversation: { id: 77, updated_at: '2026-11-29T10:00:00.000Z' },
      num_unread_messages: 1,
    };
    await act(async () => {
      channel().open();
      channel().send(messageTo(chat), '31');
      channel().ready('31');
    });
    await advance(10);
    expect(counts(view)).toEqual(before);
    const chats = view.store.getState().api.queries['getChats(undefined)']?.data as { chats: ChatEntry[] };
    expect(chats.chats[0]?.conversation.id).toBe(77);
  });

  test("a first stream whose page position the log no longer holds refetches once; another member's page position is not used", async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const { view, user } = await renderMemberFromPage('30');
    await advance(10);
    const before = counts(view);
    await act(async () => {
      channel().open();
      channel().ready('95', true);
    });
    await advance(10);
    expect(counts(view)).toEqual(before.map((n) => n + 1));

    sources.uninstall();
    sources = installEventSource();
    // The page was made for another member (who logged out; this one logged in in the same tab).
    await renderShell({ path: '/members', user, live: { from: '30', memberId: user.profile.id + 1 } });
    await waitFor(() => expect(sources.all().length).toBeGreaterThan(0));
    expect(channel().url).toBe('/api/live.php');
  });

  test('with push subscribed, user.php is asked every 300 s while the channel is up', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderMember({ path: '/members', user: userFixture({ push_subscribed: true }) });
    await act(async () => channel().open());
    await advance(299_000);
    expect(counts(view)).toEqual([0, 1, 1]);
    await advance(1_000);
    expect(counts(view)).toEqual([1, 1, 1]);
  });

  test('a tab hidden for 30 s gives up its stream (polling takes over); visible again, it reconnects and resumes', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const setVisibility = (state: 'visible' | 'hidden') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      const view = await renderMember({ path: '/members', user: userFixture({ push_subscribed: false }) });
      await act(async () => {
        channel().open();
        channel().ready('3');
      });
      await act(async () => setVisibility('hidden'));
      await advance(29_000);
      expect(sources.current()).toBe(sources.all()[0]);
      await advance(1_000);
      expect(sources.current()).toBeUndefined();
      await advance(5_100);
      expect(counts(view)).toEqual([1, 2, 2]);
      await act(async () => setVisibility('visible'));
      expect(sources.all()).toHaveLength(2);
      expect(channel().url).toBe('/api/live.php?last_event_id=3');
      await act(async () => {
        channel().open();
        channel().ready('3');
      });
      await advance(10);
      expect(counts(view)).toEqual([1, 2, 2]);
      await advance(120_000);
      expect(counts(view)).toEqual([3, 2, 2]);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  test('a refused stream asks for the user (the session may have ended) and opens a new EventSource later', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderMember({ path: '/members', user: userFixture() });
    await act(async () => channel().refuse());
    await advance(10);
    expect(view.edge.count('/api/user.php')).toBe(1);
    expect(sources.current()).toBeUndefined();
    await advance(5_000);
    expect(sources.all()).toHaveLength(2);
    await act(async () => channel().open());
    expect(sources.current()).toBe(sources.all()[1]);
  });

  test('a node that stops says reconnect: the tab opens a new stream after the named delay, without polling, and resumes', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderMember({ path: '/members', user: userFixture({ push_subscribed: false }) });
    await act(async () => {
      channel().open();
      channel().ready('15');
    });
    await advance(10);
    const before = counts(view);
    await act(async () => channel().sendNamed('reconnect', { after_ms: 1_500 }));
    expect(sources.current()).toBeUndefined();
    await advance(1_400);
    expect(sources.all()).toHaveLength(1);
    await advance(200);
    expect(sources.all()).toHaveLength(2);
    expect(channel().url).toBe('/api/live.php?last_event_id=15');
    expect(counts(view)).toEqual(before);
    await act(async () => {
      channel().open();
      channel().ready('15');
    });
    await advance(10);
    expect(counts(view)).toEqual(before);
  });

  test('a session that ended closes the channel for good', async () => {
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderMember({
      path: '/members',
      user: userFixture(),
      routes: { '/api/user.php': { user: false } },
    });
    await act(async () => channel().open());
    // The server ended the session (logout elsewhere): the stream closes and the next one is refused.
    await act(async () => channel().refuse());
    await advance(500);
    expect(view.store.getState().api.queries['getUser(undefined)']?.data).toEqual({ user: false });
    expect(screen.getByRole('link', { name: /log in/i })).toBeInTheDocument();
    await advance(120_000);
    expect(sources.all()).toHaveLength(1);
    expect(view.edge.count('/api/user.php')).toBe(1);
  });
});

describe('live events update the one cache: badges, title and app badge follow', () => {
  test('a message puts its conversation on top with its unread count, without a request', async () => {
    document.title = 'Flirtplaats';
    const view = await renderMember({ path: '/members', user: userFixture(), unread: [1, 0] });
    await act(async () => channel().open());
    const messages = await screen.findByTestId('nav-messages-top');
    expect(await within(messages).findByText('1')).toBeInTheDocument();
    const [, second] = chatsFixture([1, 0]).chats;
    await serverSends(
      messageTo({
        ...second!,
        num_unread_messages: 2,
        conversation: { id: 2, updated_at: '2026-02-01T00:00:00Z' },
      }),
    );
    expect(within(messages).getByText('3')).toBeInTheDocument();
    expect(document.title).toBe('(3) Search - Flirtplaats');
    const chats = view.store.getState().api.queries['getChats(undefined)']?.data as { chats: ChatEntry[] };
    expect(chats.chats.map((chat) => chat.conversation.id)).toEqual([2, 1]);
    expect(view.edge.count('/api/chats.php')).toBe(1);

    await serverSends({ type: 'conversation_removed', conversation: 2 });
    expect(within(messages).getByText('1')).toBeInTheDocument();
    expect(document.title).toBe('(1) Search - Flirtplaats');
  });

  test('counters: credits and premium from the event; a list whose count differs is fetched again', async () => {
    let unread = [0];
    let newLikes = 0;
    const view = await renderMember({
      path: '/members',
      user: userFixture({ paid_user: false, credits: 0 }),
      routes: {
        '/api/chats.php': () => ({ body: chatsFixture(unread) }),
        '/api/likes.php': () => ({ body: likesFixture(newLikes) }),
      },
    });
    await act(async () => channel().open());
    expect(await screen.findByTestId('nav-premium-top')).toBeInTheDocument();
    unread = [4];
    newLikes = 2;
    await serverSends({ type: 'counters', unread_messages: 4, new_likes: 2, credits: 8, paid_user: true });
    expect(await screen.findByTestId('nav-credits-top')).toBeInTheDocument();
    expect(await screen.findByTestId('nav-balance-count')).toHaveTextContent('8');
    expect(await within(screen.getByTestId('nav-messages-top')).findByText('4')).toBeInTheDocument();
    expect(await within(screen.getByTestId('nav-likes-top')).findByText('2')).toBeInTheDocument();
    expect([view.edge.count('/api/chats.php'), view.edge.count('/api/likes.php')]).toEqual([2, 2]);

    // Counts that already agree cost no request.
    await serverSends({ type: 'counters', unread_messages: 4, new_likes: 2, credits: 3, paid_user: true });
    expect(screen.getByTestId('nav-balance-count')).toHaveTextContent('3');
    expect([view.edge.count('/api/chats.php'), view.edge.count('/api/likes.php')]).toEqual([2, 2]);
  });

  test('a like reloads the likes; a match also shows the match modal, which leads to the chat', async () => {
    let newLikes = 0;
    const view = await renderMember({
      path: '/members',
      user: userFixture(),
      routes: { '/api/likes.php': () => ({ body: likesFixture(newLikes) }) },
    });
    await act(async () => channel().open());
    newLikes = 1;
    const profile = profileFixture({ id: 321, name: 'Sanne' });
    await serverSends({ type: 'like', like_id: 9, profile });
    expect(await within(screen.getByTestId('nav-likes-top')).findByText('1')).toBeInTheDocument();
    await serverSends({ type: 'match', profile });
    expect(await screen.findByTestId('match-modal')).toHaveTextContent('You and Sanne like each other.');
    expect(view.edge.count('/api/likes.php')).toBe(3);
    await act(async () => screen.getByTestId('match-modal-chat').click());
    expect(view.router.state.location.pathname).toBe('/members/321/chat');
    expect(screen.queryByTestId('match-modal')).toBeNull();
  });
});
