import { signupClosed, signupFinished, signupModalOpened, signupStarted, loggedOut } from '@dating/shared';
import { createShellStore } from './create-shell-store';
import { selectSignupCompletedHere, selectSignupModal } from './shell-slice';
import { settingsFixture } from '../test/fixtures';

describe('shell slice', () => {
  test('signup modal events', async () => {
    const store = await createShellStore({ settings: settingsFixture(), user: false });
    store.dispatch(signupModalOpened({ source: 'lander' }));
    expect(selectSignupModal(store.getState())).toEqual({
      open: true,
      source: 'lander',
      inProgress: false,
      profile: null,
      message: null,
    });
    store.dispatch(signupStarted());
    expect(selectSignupModal(store.getState()).inProgress).toBe(true);
    store.dispatch(signupFinished());
    expect(selectSignupModal(store.getState()).inProgress).toBe(false);
    // Finished inside the modal: the form's own last step asks for the confirmation.
    expect(selectSignupCompletedHere(store.getState())).toBe(false);
    store.dispatch(signupClosed());
    expect(selectSignupModal(store.getState()).open).toBe(false);
  });

  test('signup step 0 from a profile keeps the member and the message the visitor already wrote', async () => {
    const store = await createShellStore({ settings: settingsFixture(), user: false });
    store.dispatch(
      signupModalOpened({ source: 'profile:7', profile: { id: 7, name: 'Dewi' }, message: 'Hoi Dewi' }),
    );
    expect(selectSignupModal(store.getState())).toEqual({
      open: true,
      source: 'profile:7',
      inProgress: false,
      profile: { id: 7, name: 'Dewi' },
      message: 'Hoi Dewi',
    });
    // A message without a member to send it to is not kept.
    store.dispatch(signupModalOpened({ source: 'lander', message: 'Hoi' }));
    expect(selectSignupModal(store.getState())).toMatchObject({ profile: null, message: null });
  });

  test('a signup finished outside the modal turns the activation reminder into a modal until logout', async () => {
    const store = await createShellStore({ settings: settingsFixture(), user: false });
    store.dispatch(signupFinished());
    expect(selectSignupCompletedHere(store.getState())).toBe(true);
    store.dispatch(loggedOut());
    expect(selectSignupCompletedHere(store.getState())).toBe(false);
  });
});
