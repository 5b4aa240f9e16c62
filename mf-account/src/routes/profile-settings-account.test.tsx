import { makeUser, renderPage } from '../test/render';
import { apiError, mockFetch } from '../test/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfileSettingsPage from './profile-settings-page';

const base = {
  'GET /api/regions.php': { body: { regions: [] } },
  'GET /api/photos.php': { body: { photos: [], limit: 3 } },
};

describe('ProfileSettingsPage account settings', () => {
  it('shows a wrong old password next to that field', async () => {
    mockFetch({
      ...base,
      'GET /api/blocks.php': { body: { blocks: [] } },
      'PUT /api/password.php': apiError(
        400,
        'old_password_wrong',
        'Controleer je oude wachtwoord.',
        'old_password',
      ),
    });
    await renderPage(<ProfileSettingsPage />, { path: '/profile?tab=account', user: makeUser() });
    const section = within(await screen.findByRole('region', { name: 'Wachtwoord wijzigen' }));
    const user = userEvent.setup();
    await user.type(section.getByLabelText('Oud wachtwoord'), 'fout-fout');
    await user.type(section.getByLabelText('Nieuw wachtwoord'), 'Nieuw-wachtwoord1');
    await user.click(section.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await section.findByText('Controleer je oude wachtwoord.')).toBeInTheDocument();
    expect(section.getByLabelText('Oud wachtwoord')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the email change with the shared schema: the current address and an empty password', async () => {
    const { calls } = mockFetch({ ...base, 'GET /api/blocks.php': { body: { blocks: [] } } });
    const member = makeUser();
    await renderPage(<ProfileSettingsPage />, { path: '/profile?tab=account', user: member });
    const section = within(await screen.findByRole('region', { name: 'E-mailadres wijzigen' }));
    const user = userEvent.setup();
    await user.type(section.getByLabelText('Nieuw e-mailadres'), ` ${member.email.toUpperCase()}`);
    await user.click(section.getByRole('button', { name: 'Bevestigingslink sturen' }));
    expect(await section.findByText('Nieuw e-mailadres invalide.')).toBeInTheDocument();
    expect(section.getByText('Wachtwoord onjuist.')).toBeInTheDocument();
    await waitFor(() => expect(section.getByLabelText('Nieuw e-mailadres')).toHaveFocus());
    expect(calls.filter((call) => call.path.includes('mail-change'))).toHaveLength(0);
  });

  it('lists blocked members and unblocks one', async () => {
    let blocks = [
      { profile: { id: 9, name: 'Bram', age: 40, main_image: null }, blocked_at: '2026-11-01T10:00:00Z' },
    ];
    const { calls } = mockFetch({
      ...base,
      'GET /api/blocks.php': () => ({ body: { blocks } }),
      'DELETE /api/block.php': () => {
        blocks = [];
        return { status: 204 };
      },
    });
    await renderPage(<ProfileSettingsPage />, { path: '/profile?tab=account', user: makeUser() });
    const section = within(await screen.findByRole('region', { name: 'Geblokkeerde leden' }));
    await userEvent.setup().click(await section.findByRole('button', { name: 'Bram deblokkeren' }));
    expect(await section.findByText('Je hebt niemand geblokkeerd.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ profile_id: 9 });
  });

  it('deletes the account with a reason and the password, then shows /account-deleted', async () => {
    const { calls } = mockFetch({
      ...base,
      'GET /api/blocks.php': { body: { blocks: [] } },
      'GET /api/account-delete.php': {
        body: {
          reasons: ['found_partner', 'other'],
          alternatives: ['invisible', 'discount'],
          delete_discount: 50,
          restore_days: 14,
        },
      },
      'POST /api/account-delete.php': { body: { restore_until: '2026-12-06T10:00:00Z' } },
    });
    const { actions } = await renderPage(<ProfileSettingsPage />, {
      path: '/profile?tab=account',
      user: makeUser(),
    });
    const section = within(await screen.findByRole('region', { name: 'Account verwijderen' }));
    expect(section.getByRole('link', { name: 'Download mijn gegevens' })).toHaveAttribute(
      'href',
      '/api/account-export.php',
    );
    const user = userEvent.setup();
    await user.click(section.getByRole('button', { name: 'Ik wil mijn account verwijderen' }));
    expect(await section.findByText('Blijf en krijg 50% korting op credits.')).toBeInTheDocument();
    await user.click(section.getByLabelText('Ik heb iemand gevonden'));
    await user.type(section.getByLabelText('Wachtwoord'), 'Geheim-123');
    await user.click(section.getByRole('button', { name: 'Account verwijderen' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-deleted'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'found_partner',
      password: 'Geheim-123',
    });
    expect(actions).toContain('session/loggedOut');
  });
});
