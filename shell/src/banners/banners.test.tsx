import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  signupClosed,
  signupFinished,
  signupModalOpened,
  signupStarted,
  redirectedToLogin,
} from '@dating/shared';
import { renderShell } from '../test/render-shell';
import { profileFixture, userFixture } from '../test/fixtures';

afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

describe('banners and modals in the default layout', () => {
  test('the entry warning shows once to a visitor and stores the close time', async () => {
    const view = await renderShell({ path: '/pages/faq', user: false, country: 'NL' });
    expect(await screen.findByTestId('entry-warning')).toBeInTheDocument();
    act(() => screen.getByTestId('entry-warning-enter').click());
    expect(screen.queryByTestId('entry-warning')).toBeNull();
    expect(Number(localStorage.getItem('site-entry-warning-closed'))).toBeGreaterThan(1_600_000_000);
    view.unmount();
    await renderShell({ path: '/pages/faq', user: false, country: 'NL' });
    await screen.findByTestId('static-page-faq');
    expect(screen.queryByTestId('entry-warning')).toBeNull();
  });

  test('the profile-photo alert is dismissed with a unix time under hide-enrich-alert', async () => {
    localStorage.setItem('site-entry-warning-closed', '1');
    await renderShell({
      path: '/members',
      user: userFixture({ profile: profileFixture({ main_image: null }) }),
    });
    const alert = await screen.findByTestId('profile-photo-alert');
    act(() => (alert.querySelector('.btn-close') as HTMLButtonElement).click());
    expect(screen.queryByTestId('profile-photo-alert')).toBeNull();
    const stored = Number(localStorage.getItem('hide-enrich-alert'));
    expect(Math.abs(stored - Date.now() / 1000)).toBeLessThan(5);
  });

  test('time-bonus banner counts down every second in the members area; popup after 40 s with 0 credits', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-01-01T11:00:00Z'), advanceTimers: false });
    const user = userFixture({ paid_user: false, credits: 0, signup_date: '2026-01-01T10:00:00Z' });
    await renderShell({ path: '/members', user });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByTestId('time-bonus-countdown')).toHaveTextContent('3:00:00');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByTestId('time-bonus-countdown')).toHaveTextContent('2:59:59');
    expect(screen.queryByTestId('time-bonus-popup')).toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(40_000);
    });
    expect(screen.getByTestId('time-bonus-popup')).toHaveTextContent('4 hours');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByTestId('time-bonus-popup')).toBeNull();
    expect(localStorage.getItem('hide-time-bonus-modal')).toBe(String(Math.floor(Date.now() / 1000)));
  });

  test('no time bonus for paid users or outside the members area', async () => {
    localStorage.setItem('site-entry-warning-closed', '1');
    const recent = new Date(Date.now() - 60_000).toISOString();
    const view = await renderShell({
      path: '/members',
      user: userFixture({ paid_user: true, signup_date: recent }),
    });
    await screen.findByText('mf_members/MembersPage');
    expect(screen.queryByTestId('time-bonus-banner')).toBeNull();
    view.unmount();
    await renderShell({ path: '/pages/faq', user: userFixture({ paid_user: false, signup_date: recent }) });
    await screen.findByTestId('static-page-faq');
    expect(screen.queryByTestId('time-bonus-banner')).toBeNull();
  });

  test('the signup modal: opened by event, locked while signup runs, closed by signupClosed or redirectedToLogin', async () => {
    localStorage.setItem('site-entry-warning-closed', '1');
    const view = await renderShell({ path: '/pages/faq', user: false });
    await screen.findByTestId('static-page-faq');
    act(() => {
      view.store.dispatch(signupModalOpened({ source: 'nav' }));
    });
    expect(await screen.findByText('mf_account/SignupForm')).toBeInTheDocument();
    act(() => {
      view.store.dispatch(signupStarted());
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(document.querySelector('.modal')!);
    expect(screen.getByTestId('signup-modal')).toBeInTheDocument();
    act(() => {
      view.store.dispatch(signupFinished());
      view.store.dispatch(signupClosed());
    });
    expect(screen.queryByTestId('signup-modal')).toBeNull();

    act(() => {
      view.store.dispatch(signupModalOpened());
    });
    await screen.findByTestId('signup-modal');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('signup-modal')).toBeNull();
    act(() => {
      view.store.dispatch(signupModalOpened());
    });
    await screen.findByTestId('signup-modal');
    act(() => {
      view.store.dispatch(redirectedToLogin());
    });
    expect(screen.queryByTestId('signup-modal')).toBeNull();
  });

  test('like modal: after t seconds an auto-like is shown, t leaves the address, likes reload after 500 ms', async () => {
    localStorage.setItem('site-entry-warning-closed', '1');
    jest.useFakeTimers({ advanceTimers: false });
    const view = await renderShell({
      path: '/members?t=3&x=1',
      user: userFixture(),
      routes: { '/api/auto-like.php': { profile: { id: 42, name: 'Sanne', main_image: null } } },
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2900);
    });
    expect(view.edge.count('/api/auto-like.php')).toBe(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(view.router.state.location.search).toBe('?x=1');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('Sanne likes you!')).toBeInTheDocument();
    const likesBefore = view.edge.count('/api/likes.php');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(600);
    });
    await waitFor(() => expect(view.edge.count('/api/likes.php')).toBe(likesBefore + 1));
    act(() => screen.getByTestId('like-modal').click());
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/members/42'));
  });
});
