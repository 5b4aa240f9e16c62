import type { ChatEntry, ChatMessage, MessagesResponse } from '../contract';
import { makeStore } from '../store/make-store';
import { selectTypingUntil, TYPING_SHOWN_MS } from '../store/typing';
import { profileFixture } from '../testing/fixtures';
import { applyLiveEventToChatCache } from './chat-cache';
import { chatApi } from './chat-endpoints';
import { coreApi } from './core-endpoints';

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversation: 7,
    client_id: `c-${id}`,
    from_me: true,
    type: 'text',
    text: `m${id}`,
    gift: null,
    photo: null,
    sent_at: '2026-11-23T10:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

function page(ids: number[], next: string | null): MessagesResponse {
  return {
    conversation: { id: 7, started_by_me: true },
    profile: profileFixture({ id: 42 }),
    messages: ids.map((id) => message(id)),
    next_cursor: next,
  };
}

function chat(id: number, text: string): ChatEntry {
  return {
    conversation: { id, updated_at: '2026-11-23T10:00:00.000Z' },
    profile: profileFixture({ id: 40 + id }),
    num_unread_messages: 1,
    last_message: { text, type: 'text', from_me: false, sent_at: '2026-11-23T10:00:00.000Z' },
  };
}

async function primed() {
  const store = makeStore();
  // Newest page first, each page oldest first.
  await store.dispatch(
    chatApi.util.upsertQueryData('getMessages', 7, {
      pages: [page([30, 31, 32], '30'), page([10, 11], null)],
      pageParams: ['', '30'],
    }),
  );
  await store.dispatch(
    coreApi.util.upsertQueryData('getChats', undefined, { chats: [chat(1, 'a'), chat(7, 'b')] }),
  );
  return store;
}

/** The store's dispatch, recording the tags it was asked to invalidate. */
function recording(store: ReturnType<typeof makeStore>) {
  const actions: unknown[] = [];
  const dispatch = ((action: Parameters<typeof store.dispatch>[0]) => {
    actions.push(action);
    return store.dispatch(action);
  }) as typeof store.dispatch;
  const invalidated = () =>
    actions
      .filter((a) => chatApi.util.invalidateTags.match(a))
      .map((a) => (a as { payload: unknown }).payload);
  return { dispatch, invalidated };
}

const messagesOf = (store: ReturnType<typeof makeStore>) =>
  chatApi.endpoints.getMessages
    .select(7)(store.getState())
    .data!.pages.map((p) => p.messages);

test('a message event appends to the newest page and moves the conversation to the top of the list', async () => {
  const store = await primed();
  const incoming = message(33, { from_me: false, client_id: null, text: 'hoi' });
  const entry = { ...chat(7, 'hoi'), num_unread_messages: 2 };
  applyLiveEventToChatCache(store.dispatch, {
    type: 'message',
    conversation: 7,
    message: incoming,
    chat: entry,
  });

  expect(messagesOf(store)[0]!.map((m) => m.id)).toEqual([30, 31, 32, 33]);
  expect(messagesOf(store)[1]!.map((m) => m.id)).toEqual([10, 11]);
  const chats = coreApi.endpoints.getChats.select()(store.getState()).data!.chats;
  expect(chats.map((c) => c.conversation.id)).toEqual([7, 1]);
  expect(chats[0]!.num_unread_messages).toBe(2);
});

test('the echo of a message already in the cache replaces it instead of doubling it', async () => {
  const store = await primed();
  const echo = message(31, { text: 'edited by nobody, same id' });
  applyLiveEventToChatCache(store.dispatch, {
    type: 'message',
    conversation: 7,
    message: echo,
    chat: chat(7, 'x'),
  });
  expect(messagesOf(store)[0]!.map((m) => m.id)).toEqual([30, 31, 32]);
  expect(messagesOf(store)[0]![1]!.text).toBe('edited by nobody, same id');
});

test('a message event for a conversation nobody has open only updates the list', async () => {
  const store = await primed();
  applyLiveEventToChatCache(store.dispatch, {
    type: 'message',
    conversation: 9,
    message: message(90, { conversation: 9 }),
    chat: chat(9, 'new'),
  });
  expect(chatApi.endpoints.getMessages.select(9)(store.getState()).data).toBeUndefined();
  expect(coreApi.endpoints.getChats.select()(store.getState()).data!.chats[0]!.conversation.id).toBe(9);
});

test('a read event marks my messages up to the given id as read, not later ones', async () => {
  const store = await primed();
  applyLiveEventToChatCache(store.dispatch, {
    type: 'read',
    conversation: 7,
    up_to: 31,
    read_at: '2026-11-23T11:00:00.000Z',
  });
  const all = messagesOf(store).flat();
  expect(all.filter((m) => m.read_at).map((m) => m.id)).toEqual([30, 31, 10, 11]);
});

test('typing shows for a while and stops when the typist’s message arrives', async () => {
  const store = await primed();
  applyLiveEventToChatCache(store.dispatch, { type: 'typing', conversation: 7, member: 42 }, 1_000);
  expect(selectTypingUntil(store.getState(), 7)).toBe(1_000 + TYPING_SHOWN_MS);
  applyLiveEventToChatCache(store.dispatch, {
    type: 'message',
    conversation: 7,
    message: message(40, { from_me: false }),
    chat: chat(7, 'x'),
  });
  expect(selectTypingUntil(store.getState(), 7)).toBe(0);
});

test('conversation_removed takes the conversation out of the list', async () => {
  const store = await primed();
  applyLiveEventToChatCache(store.dispatch, { type: 'conversation_removed', conversation: 7 });
  const chats = coreApi.endpoints.getChats.select()(store.getState()).data!.chats;
  expect(chats.map((c) => c.conversation.id)).toEqual([1]);
});

const READ_AT = '2026-11-23T11:00:00.000Z';
const readUpTo = (upTo: number) => ({
  type: 'read' as const,
  conversation: 7,
  up_to: upTo,
  read_at: READ_AT,
});

test('a read receipt that overtakes my own message: the conversation is loaded again, and read stays read', async () => {
  const store = await primed();
  const { dispatch, invalidated } = recording(store);
  // The other member read my message 33 before my send's answer (or my own live copy) reached this page.
  applyLiveEventToChatCache(dispatch, readUpTo(33));
  expect(invalidated()).toEqual([[{ type: 'Messages', id: 7 }]]);
  // The reload brought 33 read; the late copy of it, written before it was read, does not undo that.
  const reloaded = page([30, 31, 32], '30');
  reloaded.messages.push(message(33, { read_at: READ_AT }));
  await store.dispatch(
    chatApi.util.upsertQueryData('getMessages', 7, { pages: [reloaded], pageParams: [''] }),
  );
  applyLiveEventToChatCache(store.dispatch, {
    type: 'message',
    conversation: 7,
    message: message(33),
    chat: chat(7, 'm33'),
  });
  const m33 = messagesOf(store)
    .flat()
    .find((m) => m.id === 33)!;
  expect(m33.read_at).toBe(READ_AT);
});

test('a read receipt for a message already here loads nothing again', async () => {
  const store = await primed();
  const { dispatch, invalidated } = recording(store);
  applyLiveEventToChatCache(dispatch, readUpTo(32));
  expect(invalidated()).toEqual([]);
});
