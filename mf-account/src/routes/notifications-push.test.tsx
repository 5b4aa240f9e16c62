import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_TYPES, type NotificationsResponse } from '@dating/shared';
import { http, installFakePush, server as msw } from '@dating/shared/testing';
import { makeUser, renderPage } from '../test/render';
import { mockFetch } from '../test/fetch-mock';
import NotificationsPage from './notifications-page';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const prefs: NotificationsResponse = {
  preferences: Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, true]),
  ) as NotificationsResponse['preferences'],
  disabled: [],
  disabled_reason: null,
  email: 'a@b.nl',
};

// The first render loads i18n and the store: slower than jest's 5 s default on a busy machine.
jest.setTimeout(20_000);

let fake: ReturnType<typeof installFakePush> | null = null;
afterEach(() => {
  fake?.uninstall();
  fake = null;
});

/** The api (RTK Query's requests) plus the push subscription POST, which the page sends as fetch(url, init). */
function network(pushStatus = 204, pushBody: unknown = null) {
  const api = mockFetch({
    'GET /api/notifications.php': { body: prefs },
    'GET /api/user.php': { body: { user: makeUser({ push_subscribed: true }) } },
  });
  const pushPosts: unknown[] = [];
  // The page sends the subscription with fetch(url, init) itself; msw answers it like any other request.
  msw.use(
    http.post('*/api/user.php', async ({ request }) => {
      expect(new URL(request.url).search).toBe('?push=1');
      pushPosts.push(await request.json());
      return new Response(pushBody === null ? null : JSON.stringify(pushBody), { status: pushStatus });
    }),
  );
  return { api, pushPosts };
}

async function renderNotifications() {
  const view = await renderPage(<NotificationsPage />, {
    path: '/notifications',
    user: makeUser({ push_subscribed: false }),
    settings: { push_public_key: KEY },
  });
  return { view, section: await screen.findByRole('region', { name: 'Pushmeldingen' }) };
}
const enable = (section: HTMLElement) =>
  userEvent.setup().click(within(section).getByRole('button', { name: 'Pushmeldingen aanzetten' }));

describe('/notifications: push in this browser (docs/product/notifications.md)', () => {
  test('subscribing says so, stores the subscription and refreshes the user', async () => {
    fake = installFakePush();
    const { api, pushPosts } = network();
    const { section } = await renderNotifications();
    expect(await within(section).findByText('Pushmeldingen staan uit in deze browser.')).toBeInTheDocument();
    await enable(section);
    expect(await within(section).findByRole('status')).toHaveTextContent('Pushmeldingen staan aan.');
    expect(within(section).getByText('Pushmeldingen staan aan in deze browser.')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(pushPosts).toEqual([expect.objectContaining({ endpoint: 'https://push.example.org/send/abc' })]);
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'GET' && c.path === '/api/user.php')).toBe(true),
    );
  });

  test('a denied permission says where to allow it, and the state is denied', async () => {
    fake = installFakePush({ answer: 'denied' });
    network();
    const { section } = await renderNotifications();
    await within(section).findByText('Pushmeldingen staan uit in deze browser.');
    await enable(section);
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Meldingen zijn geblokkeerd in je browser. Sta ze toe in de site-instellingen van je browser om ze aan te zetten.',
    );
    expect(section).toHaveAttribute('data-state', 'denied');
  });

  test('a failure shows its reason and the button stays to try again', async () => {
    fake = installFakePush({ subscribeError: new Error('Registration failed - push service error') });
    network();
    const { section } = await renderNotifications();
    await within(section).findByText('Pushmeldingen staan uit in deze browser.');
    await enable(section);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Pushmeldingen aanzetten is mislukt: Registration failed - push service error',
    );
    expect(within(section).getByRole('button', { name: 'Pushmeldingen aanzetten' })).toBeEnabled();
    expect(section).toHaveAttribute('data-state', 'not_subscribed');
  });

  test('the server refusing the subscription is a failure with its message', async () => {
    fake = installFakePush();
    network(403, { error: { code: 'auth_required', message: 'Log eerst in om verder te gaan.' } });
    const { section } = await renderNotifications();
    await within(section).findByText('Pushmeldingen staan uit in deze browser.');
    await enable(section);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Pushmeldingen aanzetten is mislukt: Log eerst in om verder te gaan.',
    );
  });

  test('a browser without push says so and offers no button', async () => {
    network();
    const { section } = await renderNotifications();
    expect(
      await within(section).findByText('Deze browser ondersteunt geen pushmeldingen.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
