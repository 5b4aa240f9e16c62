import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderShell } from '../test/render-shell';
import { userFixture } from '../test/fixtures';

beforeEach(() => localStorage.setItem('site-entry-warning-closed', '1'));
afterEach(() => localStorage.clear());

describe('remote error boundary', () => {
  test('a remote that is down shows a translated fallback; the rest works; Retry really loads it again', async () => {
    const user = userFixture();
    const view = await renderShell({ path: '/members', user, modules: {} });
    // Take mf_payments down before its route is first visited.
    view.remotes.takeDown('mf_payments');
    await act(async () => {
      await view.router.navigate('/credits');
    });
    expect(
      await screen.findByRole('heading', { name: 'This part of the site is temporarily unavailable' }),
    ).toBeInTheDocument();
    // The shell around it still works: navigation and other remotes.
    expect(screen.getByTestId('nav-search-top')).toBeInTheDocument();

    view.remotes.bringUp('mf_payments');
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByText('mf_payments/CreditsPage')).toBeInTheDocument();
    expect(view.remotes.resets).toEqual(['mf_payments']);

    await act(async () => {
      await view.router.navigate('/likes');
    });
    expect(await screen.findByText('mf_members/LikesPage')).toBeInTheDocument();
  });

  test('a remote page that throws while rendering is contained and can be retried', async () => {
    let fail = true;
    function Fragile() {
      const [text] = useState('Credits loaded');
      if (fail) throw new Error('render failed');
      return <p>{text}</p>;
    }
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderShell({
      path: '/credits',
      user: userFixture(),
      modules: { 'mf_payments/CreditsPage': Fragile },
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByTestId('nav-search-top')).toBeInTheDocument();
    fail = false;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(screen.getByText('Credits loaded')).toBeInTheDocument());
    spy.mockRestore();
  });
});
