import { renderPage } from '../test/render';
import { apiError, mockFetch } from '../test/fetch-mock';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResetPasswordDoPage from './reset-password-do-page';

async function submit(password: string, repeat: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nieuw wachtwoord'), password);
  await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), repeat);
  await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
}

describe('ResetPasswordDoPage', () => {
  it('requires the two passwords to match before asking the server', async () => {
    const { calls } = mockFetch({});
    await renderPage(<ResetPasswordDoPage />, { path: '/reset-password/do?token=abc' });
    await submit('Nieuw-wachtwoord1', 'Nieuw-wachtwoord2');
    expect(await screen.findByText('De opgegeven wachtwoorden zijn niet gelijk.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the token from the link with both passwords and confirms the change', async () => {
    const { calls } = mockFetch({ 'POST /api/password-reset-do.php': { status: 204 } });
    await renderPage(<ResetPasswordDoPage />, { path: '/reset-password/do?token=abc' });
    await submit('Nieuw-wachtwoord1', 'Nieuw-wachtwoord1');
    expect(await screen.findByText('Je wachtwoord is gewijzigd. Je kunt nu inloggen.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      token: 'abc',
      password: 'Nieuw-wachtwoord1',
      password_repeat: 'Nieuw-wachtwoord1',
    });
  });

  it('shows the server message for an expired link with a way to request a new one', async () => {
    mockFetch({
      'POST /api/password-reset-do.php': apiError(
        400,
        'link_invalid',
        'Link verlopen of invalide, vraag een nieuwe e-mail aan',
      ),
    });
    await renderPage(<ResetPasswordDoPage />, { path: '/reset-password/do?token=old' });
    await submit('Nieuw-wachtwoord1', 'Nieuw-wachtwoord1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link verlopen of invalide, vraag een nieuwe e-mail aan',
    );
    expect(screen.getByRole('link', { name: 'Vraag een nieuwe link aan' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});
