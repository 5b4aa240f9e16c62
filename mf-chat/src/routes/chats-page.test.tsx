import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ChatEntry, type ChatsResponse, type Profile } from '@dating/shared';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import ChatsPage from './chats-page';
import ConversationPage from './conversation-page';

function chat(id: number, name: string, unread: number, text: string): ChatEntry {
  const profile = { id: 100 + id, name, age: 30, city: 'Utrecht', main_image: null } as unknown as Profile;
  return {
    conversation: { id, updated_at: '2026-11-20T10:00:00Z' },
    profile,
    num_unread_messages: unread,
    last_message: { text, type: 'text', from_me: false, sent_at: '2026-11-20T10:00:00Z' },
  };
}

const member = { user: { profile: { id: 1, name: 'Demo' }, paid_user: false, credits: 0 } };
const serverChats = (): ChatsResponse => ({
  chats: [
    chat(1, 'Anna', 3, 'Hoi daar!'),
    chat(2, 'Bea', 120, 'Ben je er?'),
    chat(3, 'Cleo', 0, 'Tot morgen'),
  ],
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

test('lists conversations with previews and unread badges capped at 99+', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse(member);
    if (url.pathname === '/api/chats.php') return jsonResponse(serverChats());
    return undefined;
  });
  await renderPage(<ChatsPage />, { route: '/chats', path: '/chats' });

  const list = await screen.findByRole('list', { name: 'Berichten' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows).toHaveLength(3);
  expect(within(rows[0]!).getByText('Hoi daar!')).toBeInTheDocument();
  expect(within(rows[0]!).getByLabelText('3 ongelezen berichten')).toHaveTextContent('3');
  expect(within(rows[1]!).getByLabelText('120 ongelezen berichten')).toHaveTextContent('99+');
  expect(within(rows[2]!).queryByLabelText(/ongelezen/)).toBeNull();
  expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/chats/1');
});

test('removes a conversation at once, then on the server', async () => {
  const fetch = mockFetch(async (request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse(member);
    if (url.pathname === '/api/chats.php') return jsonResponse(serverChats());
    if (url.pathname === '/api/chat.php' && request.method === 'DELETE') return jsonResponse({ ok: true });
    return undefined;
  });
  await renderPage(<ChatsPage />, { route: '/chats', path: '/chats' });
  await screen.findByText('Bea');

  await userEvent.click(screen.getByRole('button', { name: 'Gesprek met Bea verwijderen' }));
  await userEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));

  await waitFor(() => expect(screen.queryByText('Bea')).toBeNull());
  const deleteCall = fetch.mock.calls
    .map(([request]) => request as Request)
    .find((r) => r.method === 'DELETE');
  expect(await deleteCall?.json()).toEqual({ conversation: 2 });
});

test('a failed removal alerts the server message and reloads the list', async () => {
  const answer = deferred<Response>();
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  const fetch = mockFetch((request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse(member);
    if (url.pathname === '/api/chats.php') return jsonResponse(serverChats());
    if (url.pathname === '/api/chat.php' && request.method === 'DELETE') return answer.promise;
    return undefined;
  });
  await renderPage(<ChatsPage />, { route: '/chats', path: '/chats' });
  await screen.findByText('Anna');

  await userEvent.click(screen.getByRole('button', { name: 'Gesprek met Anna verwijderen' }));
  await userEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
  // Gone before the server has answered.
  expect(screen.queryByText('Anna')).toBeNull();

  const message = 'Er is een fout opgetreden, probeer het later opnieuw.';
  answer.resolve(jsonResponse({ error: { code: 'generic', message } }, 500));

  await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
  expect(await screen.findByText('Anna')).toBeInTheDocument();
  const chatLoads = fetch.mock.calls.filter(([request]) =>
    (request as Request).url.endsWith('/api/chats.php'),
  );
  expect(chatLoads).toHaveLength(2);
  alert.mockRestore();
});

test('a visitor is invited to sign up and no chats are requested', async () => {
  const fetch = mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    return undefined;
  });
  await renderPage(<ChatsPage />, { route: '/chats', path: '/chats' });
  expect(await screen.findByRole('button', { name: 'Gratis aanmelden' })).toBeInTheDocument();
  expect(fetch.mock.calls.some(([request]) => (request as Request).url.includes('chats.php'))).toBe(false);
});

test('a chat entry from a profile without a conversation yet shows that profile', async () => {
  const partner = { id: 555, name: 'Dewi', age: 41, city: 'Delft', main_image: null };
  mockFetch((_request, url) => {
    if (url.pathname === '/api/user.php') return jsonResponse(member);
    if (url.pathname === '/api/chats.php') return jsonResponse(serverChats());
    if (url.pathname === '/api/member.php' && url.searchParams.get('id') === '555') {
      return jsonResponse({ profile: partner, liked: false, blocked: false });
    }
    return undefined;
  });
  await renderPage(<ConversationPage />, { route: '/members/555/chat', path: '/members/:id/chat' });
  expect(await screen.findByRole('link', { name: /Dewi, 41/ })).toHaveAttribute('href', '/members/555');
});
