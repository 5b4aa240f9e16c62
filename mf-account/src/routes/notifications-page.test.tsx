import { makeUser, renderPage } from '../test/render';
import { mockFetch } from '../test/fetch-mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_TYPES, type NotificationsResponse } from '@dating/shared';
import NotificationsPage from './notifications-page';

const allOn = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [type, true]),
) as NotificationsResponse['preferences'];

describe('NotificationsPage', () => {
  it('saves one preference when its switch is flipped', async () => {
    const { calls } = mockFetch({
      'GET /api/notifications.php': {
        body: { preferences: allOn, disabled: [], disabled_reason: null, email: 'a@b.nl' },
      },
      'PUT /api/notifications.php': ({ body }) => ({
        body: {
          preferences: { ...allOn, ...(body as { preferences: object }).preferences },
          disabled: [],
          disabled_reason: null,
          email: 'a@b.nl',
        },
      }),
    });
    await renderPage(<NotificationsPage />, { path: '/notifications', user: makeUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Aanbiedingen' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Aanbiedingen' })).not.toBeChecked());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ preferences: { promotions: false } });
  });

  it('explains why email was switched off and re-enables it', async () => {
    const disabled: NotificationsResponse = {
      preferences: allOn,
      disabled: [...NOTIFICATION_TYPES],
      disabled_reason: 'bounce',
      email: 'anna@example.com',
    };
    const { calls } = mockFetch({
      'GET /api/notifications.php': { body: disabled },
      'PUT /api/notifications.php': { body: { ...disabled, disabled: [], disabled_reason: null } },
    });
    await renderPage(<NotificationsPage />, { path: '/notifications', user: makeUser() });
    expect(
      await screen.findByText(
        'We sturen geen e-mails meer naar anna@example.com, omdat ze niet konden worden afgeleverd.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Nieuwe berichten' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'E-mails weer inschakelen' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Nieuwe berichten' })).toBeEnabled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ reenable: true });
  });
});
