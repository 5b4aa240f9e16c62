import { act, fireEvent, screen, within } from '@testing-library/react';
import { installFakePush } from '@dating/shared/testing';
import { renderShell } from '../test/render-shell';
import { userFixture } from '../test/fixtures';

let fake: ReturnType<typeof installFakePush> | null = null;
beforeEach(() => localStorage.setItem('site-entry-warning-closed', '1'));
afterEach(() => {
  fake?.uninstall();
  fake = null;
  localStorage.clear();
});

async function clickEnable() {
  const alert = await screen.findByTestId('push-alert');
  await act(async () =>
    fireEvent.click(within(alert).getByRole('button', { name: 'Turn on notifications' })),
  );
  return screen.findByTestId('push-result');
}

describe('push opt-in alert says what happened', () => {
  test('subscribed: the subscription is stored and the alert says push is on', async () => {
    fake = installFakePush();
    const view = await renderShell({
      path: '/members',
      user: userFixture({ push_subscribed: false }),
      routes: { 'POST /api/user.php': () => ({ body: null }) },
    });
    expect(await clickEnable()).toHaveTextContent('Push notifications are on.');
    expect(view.edge.count('/api/user.php', 'POST')).toBe(1);
    expect(view.edge.calls.find((c) => c.method === 'POST')!.search).toBe('?push=1');
    // Closing the result leaves no opt-in behind: the state is subscribed (docs/product/member-model.md).
    act(() => (screen.getByTestId('push-result').querySelector('.btn-close') as HTMLButtonElement).click());
    expect(screen.queryByTestId('push-alert')).toBeNull();
  });

  test('denied: says where to allow it, and the opt-in does not come back', async () => {
    fake = installFakePush({ answer: 'denied' });
    await renderShell({ path: '/members', user: userFixture({ push_subscribed: false }) });
    expect(await clickEnable()).toHaveTextContent('Notifications are blocked in your browser.');
    act(() => (screen.getByTestId('push-result').querySelector('.btn-close') as HTMLButtonElement).click());
    expect(screen.queryByTestId('push-alert')).toBeNull();
  });

  test('failed: shows the reason, and the opt-in comes back to try again', async () => {
    fake = installFakePush({ subscribeError: new Error('Registration failed - push service error') });
    await renderShell({ path: '/members', user: userFixture({ push_subscribed: false }) });
    const result = await clickEnable();
    expect(result).toHaveTextContent(
      'Turning on push notifications failed: Registration failed - push service error',
    );
    expect(result).toHaveClass('alert-danger');
    act(() => (result.querySelector('.btn-close') as HTMLButtonElement).click());
    expect(await screen.findByTestId('push-alert')).toBeInTheDocument();
  });
});
