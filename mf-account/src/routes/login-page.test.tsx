import { renderPage, makeUser } from '../test/render';
import { apiError, mockFetch } from '../test/fetch-mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreApi } from '@dating/shared';
import LoginPage from './login-page';

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mailadres'), 'anna@example.com');
  await user.type(screen.getByLabelText('Wachtwoord'), 'Geheim-123');
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
}

describe('LoginPage', () => {
  it('logs in with a form body, stores the user and goes to the redirect target', async () => {
    const member = makeUser();
    const { calls } = mockFetch({ 'POST /api/user.php': { body: { user: member } } });
    const { store } = await renderPage(<LoginPage />, { path: '/login?redirect=/chats' });

    await fillAndSubmit();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chats'));
    const body = calls[0]?.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect((body as URLSearchParams).get('email')).toBe('anna@example.com');
    expect(coreApi.endpoints.getUser.select()(store.getState()).data).toEqual({ user: member });
  });

  it('goes to /members by default and never to another site', async () => {
    mockFetch({ 'POST /api/user.php': { body: { user: makeUser() } } });
    await renderPage(<LoginPage />, { path: '/login?redirect=//evil.example/x' });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/members$/));
  });

  it('checks the fields with the login schema before asking the server, and focuses the first one', async () => {
    const { calls } = mockFetch({});
    await renderPage(<LoginPage />, { path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Wachtwoord'), 'Geheim-123');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    const email = screen.getByLabelText('E-mailadres');
    expect(await screen.findByText('Controleer dit veld.')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Wachtwoord')).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it('checks a field again as it changes once the form was sent, as it did with react-hook-form', async () => {
    mockFetch({});
    await renderPage(<LoginPage />, { path: '/login' });
    const user = userEvent.setup();
    const email = screen.getByLabelText('E-mailadres');
    await user.type(email, 'an');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    await user.type(email, 'na@example.com');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByLabelText('Wachtwoord')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the translated message of the server on failure and stays on the page', async () => {
    mockFetch({ 'POST /api/user.php': apiError(401, 'login_failed', 'Login mislukt, probeer opnieuw') });
    await renderPage(<LoginPage />, { path: '/login' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login mislukt, probeer opnieuw');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('shows the lockout message with its minutes as the server words it', async () => {
    mockFetch({
      'POST /api/user.php': apiError(
        429,
        'account_locked',
        'Te veel foute pogingen, account voor 15 min geblokkeerd.',
      ),
    });
    await renderPage(<LoginPage />, { path: '/login' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    );
  });
});
