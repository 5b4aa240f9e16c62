import { makeUser, renderPage } from '../test/render';
import { apiError, mockFetch } from '../test/fetch-mock';
import { screen, waitFor } from '@testing-library/react';
import { coreApi } from '@dating/shared';
import ActivatePage from './activate-page';

describe('ActivatePage', () => {
  it('sends the token of the email link once and logs the activated member in', async () => {
    const member = makeUser({ status: 'confirmed' });
    const { calls } = mockFetch({ 'POST /api/activate.php': { body: { user: member } } });
    const { store } = await renderPage(<ActivatePage />, { path: '/activate/done?token=t0k3n' });
    expect(await screen.findByText('Je account is geactiveerd. Veel plezier!')).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/activate.php', { token: 't0k3n' }],
    ]);
    expect(coreApi.endpoints.getUser.select()(store.getState()).data).toEqual({ user: member });
  });

  it("goes to /activate/error with 'Activeren mislukt' when the link is used or expired", async () => {
    mockFetch({ 'POST /api/activate.php': apiError(400, 'activation_failed', 'Activeren mislukt') });
    await renderPage(<ActivatePage />, { path: '/activate/done?token=old' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/activate/error'));
    expect(screen.getByRole('alert')).toHaveTextContent('Activeren mislukt');
  });

  it('offers a new activation email to a member who is still not confirmed', async () => {
    mockFetch({});
    await renderPage(<ActivatePage />, {
      path: '/activate/error',
      user: makeUser({ status: 'not_confirmed' }),
    });
    expect(screen.getByRole('button', { name: 'Stuur de activatiemail opnieuw' })).toBeEnabled();
  });
});
