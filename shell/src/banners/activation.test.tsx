import { act, fireEvent, screen, within } from '@testing-library/react';
import { signupFinished } from '@dating/shared';
import { renderShell } from '../test/render-shell';
import { profileFixture, userFixture } from '../test/fixtures';

/** The user as the api answers right after signup: address not confirmed, profile disabled until then. */
const justSignedUp = (over: Parameters<typeof userFixture>[0] = {}) =>
  userFixture({
    status: 'not_confirmed',
    email: 'new@example.com',
    profile: profileFixture({ status: 'disabled' }),
    paid_user: true,
    ...over,
  });

beforeEach(() => localStorage.setItem('site-entry-warning-closed', '1'));
afterEach(() => localStorage.clear());

describe('activation reminder (docs/product/routes-and-layouts.md)', () => {
  test('shows for a just signed-up member, with the address', async () => {
    await renderShell({ path: '/members', user: justSignedUp() });
    expect(await screen.findByTestId('activation-reminder')).toHaveTextContent('new@example.com');
  });

  test.each(['/signup', '/profile', '/lang-config', '/notifications'])('is hidden on %s', async (path) => {
    await renderShell({ path, user: justSignedUp() });
    await screen.findByTestId('remote-page');
    expect(screen.queryByTestId('activation-reminder')).toBeNull();
  });

  test('is hidden when mail is blocked (disabled notifications) and once the address is confirmed', async () => {
    const blocked = await renderShell({
      path: '/members',
      user: justSignedUp({ notifications_disabled: ['news'] }),
    });
    await screen.findByTestId('remote-page');
    expect(screen.queryByTestId('activation-reminder')).toBeNull();
    blocked.unmount();
    await renderShell({ path: '/members', user: userFixture({ paid_user: true }) });
    await screen.findByTestId('remote-page');
    expect(screen.queryByTestId('activation-reminder')).toBeNull();
  });

  test('"send again" posts the activation-mail call and says the link is on its way', async () => {
    const view = await renderShell({
      path: '/members',
      user: justSignedUp(),
      routes: { 'POST /api/activation-mail.php': () => ({ body: null }) },
    });
    const alert = await screen.findByTestId('activation-reminder');
    await act(async () =>
      fireEvent.click(within(alert).getByRole('button', { name: 'Send the link again' })),
    );
    expect(await within(alert).findByText('A new link is on its way.')).toBeInTheDocument();
    expect(view.edge.count('/api/activation-mail.php', 'POST')).toBe(1);
  });

  test('a refused "send again" shows the server\'s reason and can be tried again', async () => {
    const view = await renderShell({
      path: '/members',
      user: justSignedUp(),
      routes: {
        'POST /api/activation-mail.php': () => ({
          status: 429,
          body: { error: { code: 'rate_limited', message: 'Too many requests, please try again shortly.' } },
        }),
      },
    });
    const alert = await screen.findByTestId('activation-reminder');
    await act(async () =>
      fireEvent.click(within(alert).getByRole('button', { name: 'Send the link again' })),
    );
    expect(await within(alert).findByRole('alert')).toHaveTextContent(
      'Too many requests, please try again shortly.',
    );
    expect(within(alert).getByRole('button', { name: 'Send the link again' })).toBeEnabled();
    expect(view.edge.count('/api/activation-mail.php', 'POST')).toBe(1);
  });

  test('after signup completed through the api here, the reminder is a modal with "send again"', async () => {
    const view = await renderShell({
      path: '/members',
      user: justSignedUp(),
      routes: { 'POST /api/activation-mail.php': () => ({ body: null }) },
    });
    await screen.findByTestId('activation-reminder');
    expect(screen.queryByTestId('activation-modal')).toBeNull();
    act(() => {
      view.store.dispatch(signupFinished());
    });
    const modal = (await screen.findByTestId('activation-modal')).closest('.modal') as HTMLElement;
    await act(async () =>
      fireEvent.click(within(modal).getByRole('button', { name: 'Send the link again' })),
    );
    expect(await within(modal).findByRole('button', { name: 'A new link is on its way.' })).toBeDisabled();
  });
});
