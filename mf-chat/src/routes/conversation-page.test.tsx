import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  applyLiveEventToChatCache,
  coreApi,
  signupModalOpened,
  type ChatEntry,
  type ChatMessage,
  type MessagesResponse,
  type SendMessageRequest,
} from '@dating/shared';
import {
  http,
  profileFixture,
  renderWithTextsHeld,
  server as msw,
  userFixture,
} from '@dating/shared/testing';
import nl from '../locales/nl.json';
import { NS } from '../lib/i18n';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import ConversationPage from './conversation-page';

const anna = profileFixture({ id: 101, name: 'Anna', age: 30, city: 'Utrecht', main_image: null });
const member = { user: userFixture({ credits: 20, paid_user: false }) };
const settings = {
  message_length: 1000,
  message_credits: 5,
  photo_credits: 10,
  fictional_warning: 'Deze site bevat fictieve profielen.',
};

function message(id: number, from_me: boolean, text: string, read_at: string | null = null): ChatMessage {
  return {
    id,
    conversation: 1,
    client_id: from_me ? `c${id}` : null,
    from_me,
    type: 'text',
    text,
    gift: null,
    photo: null,
    sent_at: '2026-11-23T10:00:00.000Z',
    read_at,
  };
}
const entry = (unread = 2): ChatEntry => ({
  conversation: { id: 1, updated_at: '2026-11-23T10:00:00.000Z' },
  profile: anna,
  num_unread_messages: unread,
  last_message: { text: 'Hoi', type: 'text', from_me: false, sent_at: '2026-11-23T10:00:00.000Z' },
});
const newest: MessagesResponse = {
  conversation: { id: 1, started_by_me: true },
  profile: anna,
  messages: [
    message(20, true, 'Hallo Anna', '2026-11-23T10:01:00.000Z'),
    message(21, false, 'Hoi!'),
    message(22, true, 'Hoe gaat het?'),
  ],
  next_cursor: '20',
};
const older: MessagesResponse = {
  ...newest,
  messages: [message(5, false, 'Het allereerste bericht')],
  next_cursor: null,
};

/** The server of these tests: answers sends with the stored message, like messages.php does. */
function server(
  overrides: {
    send?: (body: SendMessageRequest) => Response | Promise<Response>;
    /** Answers first; `undefined` falls through to the conversation's usual answers. */
    extra?: (request: Request, url: URL) => Response | undefined | Promise<Response | undefined>;
  } = {},
) {
  const sent: SendMessageRequest[] = [];
  let nextId = 100;
  const fetch = mockFetch(async (request, url) => {
    const extra = await overrides.extra?.(request, url);
    if (extra) return extra;
    if (url.pathname === '/api/user.php') return jsonResponse(member);
    if (url.pathname === '/api/settings.php') return jsonResponse(settings);
    if (url.pathname === '/api/chats.php') return jsonResponse({ chats: [entry()] });
    if (url.pathname === '/api/messages.php' && request.method === 'GET') {
      if (url.searchParams.get('conversation') !== '1') return undefined;
      return jsonResponse(url.searchParams.get('before') === '20' ? older : newest);
    }
    if (url.pathname === '/api/messages.php' && request.method === 'POST') {
      const body = (await request.json()) as SendMessageRequest;
      sent.push(body);
      if (overrides.send) return overrides.send(body);
      const stored: ChatMessage = {
        ...message((nextId += 1), true, body.text ?? ''),
        client_id: body.client_id,
        type: body.type,
        conversation: body.conversation ?? 9,
      };
      return jsonResponse({
        message: stored,
        chat: { ...entry(0), conversation: { id: stored.conversation, updated_at: stored.sent_at } },
        credits: 15,
      });
    }
    if (url.pathname === '/api/messages.php' && request.method === 'PUT')
      return jsonResponse({ ok: true, up_to: 21 });
    return undefined;
  });
  return { fetch, sent };
}

afterEach(() => jest.restoreAllMocks());

const renderConversation = (route = '/chats/1', path = '/chats/:id') =>
  renderPage(<ConversationPage />, { route, path });

test('shows the newest page with the newest message at the bottom and my read receipts', async () => {
  const { fetch } = server();
  const view = await renderConversation();
  const list = await screen.findByRole('list', { name: 'Berichten met Anna' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
    'Hallo Anna',
    'Hoi!',
    'Hoe gaat het?',
  ]);
  expect(within(rows[0]!).getByText(/gelezen/)).toBeInTheDocument();
  expect(within(rows[2]!).getByText(/verzonden/)).toBeInTheDocument();
  expect(within(rows[1]!).queryByText(/verzonden|gelezen/)).toBeNull();
  // Reading the conversation zeroed it on the server; the list's badge follows at once.
  await waitFor(() =>
    expect(
      coreApi.endpoints.getChats.select()(view.store.getState()).data?.chats[0]?.num_unread_messages,
    ).toBe(0),
  );
  const reads = fetch.mock.calls
    .map(([r]) => new URL((r as Request).url))
    .filter((u) => u.pathname === '/api/messages.php');
  expect(reads[0]!.searchParams.get('before')).toBeNull();
});

test('asks for the messages while its texts are still loading, not after them (a chat opened from a notification)', async () => {
  const { fetch } = server();
  const { release, restore } = await renderWithTextsHeld(<ConversationPage />, {
    namespace: NS,
    nlResources: nl,
    route: '/chats/1',
    path: '/chats/:id',
  });
  try {
    const asked = () =>
      fetch.mock.calls.some(([request]) => {
        const url = new URL((request as Request).url);
        return url.pathname === '/api/messages.php' && url.searchParams.get('conversation') === '1';
      });
    await waitFor(() => expect(asked()).toBe(true));
    // Asked for while the page still waits for its texts (no message is drawn yet).
    expect(screen.queryByRole('list', { name: 'Berichten met Anna' })).not.toBeInTheDocument();

    release();
    const list = await screen.findByRole('list', { name: 'Berichten met Anna' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  } finally {
    restore();
  }
});

test('older messages load above with the cursor of the page before', async () => {
  const { fetch } = server();
  await renderConversation();
  await userEvent.click(await screen.findByRole('button', { name: 'Oudere berichten laden' }));
  const list = screen.getByRole('list', { name: 'Berichten met Anna' });
  await within(list).findByText('Het allereerste bericht');
  expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Het allereerste bericht');
  expect(screen.queryByRole('button', { name: 'Oudere berichten laden' })).toBeNull();
  const pageCalls = fetch.mock.calls
    .map(([r]) => new URL((r as Request).url))
    .filter((u) => u.searchParams.has('before'));
  expect(pageCalls.map((u) => u.searchParams.get('before'))).toEqual(['20']);
});

test('Enter sends the message with a client id; it shows as sent and the balance follows the answer', async () => {
  const { sent } = server();
  const view = await renderConversation();
  const box = await screen.findByRole('textbox', { name: 'Bericht' });
  expect(box).toHaveAttribute('maxLength', '1000');
  await userEvent.type(box, 'Zin in koffie?');
  expect(screen.getByText(/^14\/1000/)).toBeInTheDocument();
  await userEvent.keyboard('{Enter}');

  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ conversation: 1, type: 'text', text: 'Zin in koffie?' });
  expect(sent[0]!.client_id).toMatch(/[0-9a-f-]{20,}/);
  const list = screen.getByRole('list', { name: 'Berichten met Anna' });
  const last = await waitFor(() => {
    const rows = within(list).getAllByRole('listitem');
    expect(rows.at(-1)).toHaveTextContent(/Zin in koffie\?.*verzonden/);
    return rows.at(-1)!;
  });
  expect(last).toBeInTheDocument();
  expect(box).toHaveValue('');
  const user = coreApi.endpoints.getUser.select()(view.store.getState()).data?.user;
  expect(user && user.credits).toBe(15);
});

test('insufficient credits: the message is marked failed and a buy button leads to credits and back here', async () => {
  const message = 'Je hebt onvoldoende credits';
  const { sent } = server({
    send: () => jsonResponse({ error: { code: 'insufficient_credits', message } }, 402),
  });
  await renderConversation();
  await userEvent.type(await screen.findByRole('textbox', { name: 'Bericht' }), 'Hallo{Enter}');

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(message);
  expect(within(alert).getByRole('link', { name: 'Credits kopen' })).toHaveAttribute(
    'href',
    '/credits?return=/chats/1',
  );
  expect(screen.getByText(/niet verzonden/)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Opnieuw versturen' }));
  await waitFor(() => expect(sent).toHaveLength(2));
  // A retry is the same message: the same client id, so the server can never store it twice.
  expect(sent[1]!.client_id).toBe(sent[0]!.client_id);
});

test('a free member’s third chat answers the premium alert with a way to premium', async () => {
  const message = 'Als gratis lid kun je maximaal 2 chats starten. Word premium om verder te chatten.';
  server({ send: () => jsonResponse({ error: { code: 'chat_limit', message } }, 403) });
  await renderConversation();
  await userEvent.type(await screen.findByRole('textbox', { name: 'Bericht' }), 'Hallo{Enter}');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(message);
  expect(within(alert).getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium');
});

test('messages written offline wait, then go out once each, in order, when the connection returns', async () => {
  const { sent } = server();
  const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await renderConversation();
  const box = await screen.findByRole('textbox', { name: 'Bericht' });
  await userEvent.type(box, 'Eerste{Enter}');
  await userEvent.type(box, 'Tweede{Enter}');
  expect(await screen.findAllByText(/wacht op verbinding/)).toHaveLength(2);
  expect(screen.getByText(/^Je bent offline\./)).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  online.mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent.map((body) => body.text)).toEqual(['Eerste', 'Tweede']);
  expect(new Set(sent.map((body) => body.client_id)).size).toBe(2);
  await waitFor(() => expect(screen.queryByText(/wacht op verbinding/)).toBeNull());
});

test('a first message from a profile starts the conversation with that member', async () => {
  const dewi = profileFixture({ id: 555, name: 'Dewi', age: 41, fictional: true, main_image: null });
  const { sent } = server();
  mockFetchPartner(dewi);
  await renderConversation('/members/555/chat', '/members/:id/chat');
  expect(await screen.findByRole('link', { name: /Dewi, 41/ })).toHaveAttribute('href', '/members/555');
  expect(await screen.findByRole('note')).toHaveTextContent('Deze site bevat fictieve profielen.');
  expect(screen.getByText('Stuur Dewi een eerste bericht.')).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: 'Bericht' }), 'Hoi Dewi{Enter}');
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ member: 555, type: 'text', text: 'Hoi Dewi' });
  expect(sent[0]).not.toHaveProperty('conversation');

  function mockFetchPartner(profile: typeof dewi) {
    msw.use(http.get('*/api/member.php', () => jsonResponse({ profile, liked: false, blocked: false })));
  }
});

test('a gift is picked from the catalogue and sent as a gift message', async () => {
  const gift = { id: 3, name: 'Roos', image: '/media/gifts/rose.svg', credits: 20 };
  const { sent } = server();
  msw.use(http.get('*/api/gifts.php', () => jsonResponse({ gifts: [gift] })));
  await renderConversation();
  await userEvent.click(await screen.findByRole('button', { name: 'Cadeau sturen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Kies een cadeau' });
  await userEvent.click(await within(dialog).findByRole('button', { name: /Roos/ }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ conversation: 1, type: 'gift', gift_id: 3 });
});

test('a gift the member cannot afford is shown as such, with credits to buy and back to this chat', async () => {
  const gifts = [
    { id: 3, name: 'Roos', image: '/media/gifts/rose.svg', credits: 20 },
    { id: 4, name: 'Hart', image: '/media/gifts/heart.svg', credits: 25 },
  ];
  const { sent } = server();
  msw.use(http.get('*/api/gifts.php', () => jsonResponse({ gifts })));
  await renderConversation();
  expect(await screen.findByTestId('composer-balance')).toHaveTextContent('Saldo: 20 credits');
  await userEvent.click(await screen.findByRole('button', { name: 'Cadeau sturen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Kies een cadeau' });
  expect(within(dialog).getByTestId('gifts-balance')).toHaveTextContent('Je saldo: 20 credits');
  const dear = await within(dialog).findByRole('button', { name: /Hart/ });
  expect(dear).toBeDisabled();
  expect(dear).toHaveTextContent('Te weinig credits');
  expect(within(dialog).getByRole('button', { name: /Roos/ })).toBeEnabled();
  expect(within(dialog).getByRole('link', { name: 'Credits kopen' })).toHaveAttribute(
    'href',
    '/credits?return=/chats/1',
  );
  await userEvent.click(dear);
  expect(sent).toHaveLength(0);
});

test('a photo is uploaded first, previewed with its price, and sent as a photo message only when confirmed', async () => {
  const photo = {
    id: 8,
    url: '/api/chat-photo.php?id=8',
    thumb_url: '/api/chat-photo.php?id=8&size=thumb',
    width: 400,
    height: 300,
  };
  const { sent } = server();
  // The upload's multipart encoding is the browser's (jsdom's FormData is not Node's, so Node's fetch sends it as
  // text here); the real upload is walked in e2e/tests/phone/member-start.spec.ts. Here: uploaded once, not sent.
  const uploads: string[] = [];
  msw.use(
    http.post('*/api/chat-photo.php', ({ request }) => {
      uploads.push(request.method);
      return jsonResponse({ photo }, 201);
    }),
  );
  await renderConversation();
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'foto.jpg', { type: 'image/jpeg' });
  await userEvent.upload(await screen.findByLabelText('Foto sturen'), file);
  const preview = await screen.findByRole('region', { name: 'Gekozen foto' });
  expect(uploads).toEqual(['POST']);
  expect(preview).toHaveTextContent('Deze foto versturen kost 10 credits.');
  expect(within(preview).getByRole('img')).toHaveAttribute('src', photo.thumb_url);
  expect(sent).toHaveLength(0);
  // Cancelled: nothing is sent; picked again and confirmed: sent once.
  await userEvent.click(within(preview).getByRole('button', { name: 'Annuleren' }));
  expect(screen.queryByRole('region', { name: 'Gekozen foto' })).not.toBeInTheDocument();
  await userEvent.upload(screen.getByLabelText('Foto sturen'), file);
  await userEvent.click(
    within(await screen.findByRole('region', { name: 'Gekozen foto' })).getByRole('button', {
      name: 'Foto versturen',
    }),
  );
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ conversation: 1, type: 'photo', photo_id: 8 });
});

test('a visitor on a profile’s chat entry writes to that member; sending opens signup with the text (step 0)', async () => {
  const dewi = profileFixture({ id: 555, name: 'Dewi', age: 41, main_image: null });
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/settings.php')
      return jsonResponse({
        ...settings,
        logged_out_search: 'other',
        logged_out_search_trafficsource: 'none',
      });
    if (url.pathname === '/api/member.php')
      return jsonResponse({ profile: dewi, liked: false, blocked: false });
    return undefined;
  });
  const view = await renderConversation('/members/555/chat', '/members/:id/chat');
  const dispatched: unknown[] = [];
  const original = view.store.dispatch;
  jest.spyOn(view.store, 'dispatch').mockImplementation((action: Parameters<typeof original>[0]) => {
    dispatched.push(action);
    return original(action);
  });
  expect(
    await screen.findByText('Maak gratis een profiel aan en stuur Dewi je eerste bericht.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Dewi, 41/ })).toHaveAttribute('href', '/members/555');
  // No menu, gifts or photos for a visitor: those need an account.
  expect(screen.queryByRole('button', { name: 'Meer opties' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Cadeau sturen' })).toBeNull();
  await userEvent.type(screen.getByRole('textbox', { name: 'Bericht' }), 'Hoi Dewi, zin in koffie?{Enter}');
  expect(dispatched).toContainEqual(
    signupModalOpened({
      source: 'profile:555',
      profile: { id: 555, name: 'Dewi' },
      message: 'Hoi Dewi, zin in koffie?',
    }),
  );
  expect(fetch.mock.calls.some(([r]) => (r as Request).url.includes('messages.php'))).toBe(false);
});

test('where visitors may not see profiles, a profile’s chat entry shows the signup invitation without asking for it', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/settings.php')
      return jsonResponse({
        ...settings,
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'none',
      });
    return undefined;
  });
  await renderConversation('/members/555/chat', '/members/:id/chat');
  expect(await screen.findByText('Maak een gratis profiel aan om met leden te chatten.')).toBeInTheDocument();
  expect(fetch.mock.calls.some(([r]) => (r as Request).url.includes('member.php'))).toBe(false);
});

test('the conversation menu blocks the member after a confirmation and goes back to the list', async () => {
  const blocks: unknown[] = [];
  server({
    extra: async (request, url) => {
      if (url.pathname !== '/api/block.php' || request.method !== 'POST') return undefined;
      blocks.push(await request.json());
      return new Response(null, { status: 204 });
    },
  });
  await renderConversation();
  await userEvent.click(await screen.findByRole('button', { name: 'Meer opties' }));
  await userEvent.click(screen.getByRole('button', { name: 'Blokkeren' }));
  const dialog = await screen.findByRole('dialog', { name: 'Anna blokkeren?' });
  expect(blocks).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Blokkeren' }));
  await waitFor(() => expect(blocks).toEqual([{ profile_id: 101 }]));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/chats$/));
});

test('the conversation menu reports the member with a reason and free text', async () => {
  const reports: unknown[] = [];
  server({
    extra: async (request, url) => {
      if (url.pathname !== '/api/report.php' || request.method !== 'POST') return undefined;
      reports.push(await request.json());
      return jsonResponse({ ok: true }, 201);
    },
  });
  await renderConversation();
  await userEvent.click(await screen.findByRole('button', { name: 'Meer opties' }));
  await userEvent.click(screen.getByRole('button', { name: 'Rapporteren' }));
  const dialog = await screen.findByRole('dialog', { name: 'Anna rapporteren' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Versturen' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Kies een reden.');
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
  await userEvent.type(
    within(dialog).getByRole('textbox', { name: 'Toelichting (optioneel)' }),
    'Stuurt links',
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Versturen' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent('Bedankt.');
  // From a conversation, the report names it: moderation sees what was said.
  expect(reports).toEqual([{ id: 101, reason: 'spam', text: 'Stuurt links', conversation: 1 }]);
});

test('a conversation the other member removed (a block) leaves the open page when the live event comes', async () => {
  let removed = false;
  server({
    extra: (_request, url) => {
      if (removed && url.pathname === '/api/messages.php')
        return jsonResponse({ error: { code: 'not_found', message: 'Niet gevonden' } }, 404);
      if (removed && url.pathname === '/api/chats.php') return jsonResponse({ chats: [] });
      return undefined;
    },
  });
  const view = await renderConversation();
  expect(await screen.findByRole('list', { name: 'Berichten met Anna' })).toBeInTheDocument();
  removed = true;
  act(() =>
    applyLiveEventToChatCache(view.store.dispatch, { type: 'conversation_removed', conversation: 1 }),
  );
  expect(await screen.findByText('Dit gesprek bestaat niet.')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Berichten met Anna' })).toBeNull();
});
