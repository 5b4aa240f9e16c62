import { makeUser, renderPage } from '../test/render';
import { mockFetch } from '../test/fetch-mock';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_TYPES, type NotificationsResponse } from '@dating/shared';
import ProfileSettingsPage, { profileSection } from './profile-settings-page';

const allOn = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [type, true]),
) as NotificationsResponse['preferences'];

const api = {
  'GET /api/regions.php': { body: { regions: [] } },
  'GET /api/photos.php': { body: { photos: [], limit: 3 } },
  'GET /api/blocks.php': { body: { blocks: [] } },
  'GET /api/notifications.php': {
    body: { preferences: allOn, disabled: [], disabled_reason: null, email: 'a@b.nl' },
  },
};

const regions = () => screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));

describe('ProfileSettingsPage sections', () => {
  it('opens on the profile section only, with a tab per section that has its own address', async () => {
    mockFetch(api);
    await renderPage(<ProfileSettingsPage />, { path: '/profile', user: makeUser() });
    expect(await screen.findByRole('region', { name: 'Profielgegevens' })).toBeInTheDocument();
    expect(regions()).toEqual(['details-title', 'invisible-title']);
    const tabs = screen.getByRole('navigation', { name: 'Onderdelen van je profiel' });
    expect(
      Array.from(tabs.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Profiel', '/profile'],
      ["Foto's", '/profile?tab=photos'],
      ['Meldingen', '/profile?tab=notifications'],
      ['Account', '/profile?tab=account'],
    ]);
    expect(screen.getByRole('link', { name: 'Profiel' })).toHaveAttribute('aria-current', 'page');
  });

  it('switches section with a tab and the address follows', async () => {
    mockFetch(api);
    await renderPage(<ProfileSettingsPage />, { path: '/profile', user: makeUser() });
    await userEvent.setup().click(await screen.findByRole('link', { name: "Foto's" }));
    expect(await screen.findByRole('region', { name: "Foto's" })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profielgegevens' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile?tab=photos');
    expect(screen.getByRole('link', { name: "Foto's" })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the notification switches directly from /profile?tab=notifications', async () => {
    mockFetch(api);
    await renderPage(<ProfileSettingsPage />, { path: '/profile?tab=notifications', user: makeUser() });
    expect(await screen.findByRole('switch', { name: 'Aanbiedingen' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Meldingen' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profielgegevens' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Account verwijderen' })).not.toBeInTheDocument();
  });

  it('opens the account section (password, e-mail, blocks, deletion) from the account menu link', async () => {
    mockFetch(api);
    await renderPage(<ProfileSettingsPage />, { path: '/profile?tab=settings', user: makeUser() });
    expect(
      await screen.findByRole('button', { name: 'Ik wil mijn account verwijderen' }),
    ).toBeInTheDocument();
    expect(regions()).toEqual([
      'language-title',
      'password-title',
      'email-title',
      'blocked-title',
      'delete-title',
    ]);
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  });

  it('reads an unknown tab as the profile section', () => {
    expect(profileSection('nonsense')).toBe('profile');
    expect(profileSection(null)).toBe('profile');
    expect(profileSection('account')).toBe('account');
  });
});
