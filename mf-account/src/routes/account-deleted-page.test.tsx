import { screen, waitFor } from '@testing-library/react';
import { coreApi } from '@dating/shared';
import { ACCOUNT_DELETED_STATE } from '../features/deletion/api/deletion';
import { makeUser, renderPage } from '../test/render';
import AccountDeletedPage from './account-deleted-page';

describe('/account-deleted', () => {
  it('right after a deletion, forgets the member once the page is on screen', async () => {
    const { actions, store } = await renderPage(<AccountDeletedPage />, {
      path: '/account-deleted',
      state: ACCOUNT_DELETED_STATE,
      user: makeUser(),
    });
    expect(await screen.findByRole('heading', { name: 'Account verwijderd' })).toBeInTheDocument();
    await waitFor(() => expect(actions).toContain('session/loggedOut'));
    await waitFor(() =>
      expect(coreApi.endpoints.getUser.select()(store.getState()).data).toEqual({ user: false }),
    );
  });

  it('opened any other way (a bookmark, the back button) it leaves the session alone', async () => {
    const { actions } = await renderPage(<AccountDeletedPage />, {
      path: '/account-deleted',
      user: makeUser(),
    });
    expect(await screen.findByRole('heading', { name: 'Account verwijderd' })).toBeInTheDocument();
    expect(actions).not.toContain('session/loggedOut');
  });
});
