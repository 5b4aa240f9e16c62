import { signupClosed, signupFinished, signupModalOpened, signupStarted, loggedOut } from '@dating/shared';
import { createShellStore } from './create-shell-store';
import { selectSignupCompletedHere, selectSignupModal } from './shell-slice';
import { settingsFixture } from '../test/fixtures';

describe('shell slice', () => {
  test('signup modal events', async () => {
    const store = await createShellStore({ settings: settingsFixture(), user: false });
    store.dispatch(signupModalOpened({ source: 'lander' }));
    expect(selectSignupModal(store.getState())).toEqual({ open: true, source: 'lander', inProgress: false, profile: null });
    store.dispatch(signupStarted());
    expect(selectSignupModal(store.getState()).inProgress).toBe(true);
    store.dispatch(signupFinished());
    expect(selectSignupModal(store.getState()).inProgress).toBe(false);
    // Finished inside the modal: the form's own last step asks for the confirmation.
    expect(selectSignupCompletedHere(store.getState())).toBe(false);
    store.dispatch(signupClosed());
    expect(selectSignupModal(store.getState()).open).toBe(false);
  });

  test('a signup finished outside the modal turns the activation reminder into a modal until logout', async () => {
    const store = await createShellStore({ settings: settingsFixture(), user: false });
    store.dispatch(signupFinished());
    expect(selectSignupCompletedHere(store.getState())).toBe(true);
    store.dispatch(loggedOut());
    expect(selectSignupCompletedHere(store.getState())).toBe(false);
  });
});
