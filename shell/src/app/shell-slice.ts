import { createSlice } from '@reduxjs/toolkit';
import {
  authRequired,
  liveEventReceived,
  loggedOut,
  type Profile,
  redirectedToLogin,
  rootReducer,
  signupClosed,
  signupFinished,
  signupModalOpened,
  signupStarted,
} from '@dating/shared';

/**
 * The shell's UI state. Remotes never import it; they talk to it with the events of `@dating/shared` store/ui
 * (signupModalOpened, signupStarted, signupFinished, signupClosed, redirectedToLogin).
 */
export interface ShellState {
  /** `profile`: opened from a profile (signup step 0), the member the form offers a first message to. */
  signupModal: {
    open: boolean;
    source: string | null;
    inProgress: boolean;
    profile?: { id: number; name: string } | null;
    /** The first message the visitor already wrote to `profile` (mf-chat's composer). */
    message?: string | null;
  };
  /**
   * Set when signup was completed through the api in this session outside the signup modal: the activation
   * reminder becomes a modal.
   */
  signupCompletedHere: boolean;
  /** A like became mutual (live `match` event): the match modal shows this profile until closed. */
  match: Pick<Profile, 'id' | 'name' | 'main_image'> | null;
}

const initialState: ShellState = {
  signupModal: { open: false, source: null, inProgress: false },
  signupCompletedHere: false,
  match: null,
};

export const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    matchModalClosed(state) {
      state.match = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signupModalOpened, (state, action) => {
        const profile = action.payload?.profile ?? null;
        const message = profile ? (action.payload?.message ?? null) : null;
        state.signupModal = {
          open: true,
          source: action.payload?.source ?? null,
          inProgress: false,
          profile,
          message,
        };
      })
      .addCase(signupStarted, (state) => {
        state.signupModal.inProgress = true;
      })
      .addCase(signupFinished, (state) => {
        // Inside the modal the form's own complete step asks for the email confirmation; a signup finished
        // elsewhere (the /signup page, a lander's form) gets the activation reminder as a modal instead.
        state.signupCompletedHere = !state.signupModal.open;
        state.signupModal.inProgress = false;
      })
      .addCase(signupClosed, (state) => {
        state.signupModal = { open: false, source: null, inProgress: false };
      })
      .addCase(redirectedToLogin, (state) => {
        state.signupModal = { open: false, source: null, inProgress: false };
      })
      .addCase(liveEventReceived, (state, action) => {
        const event = action.payload;
        if (event.type === 'match') {
          const { id, name, main_image } = event.profile;
          state.match = { id, name, main_image };
        }
      })
      .addMatcher(
        (action) => authRequired.match(action) || loggedOut.match(action),
        (state) => {
          state.signupCompletedHere = false;
          state.match = null;
        },
      );
  },
});

export const injectedShellSlice = shellSlice.injectInto(rootReducer);

// The shared RootState type is fixed when `shared` is compiled, so the shell reads its own slice by name.
function shellState(state: unknown): ShellState {
  return (state as { shell?: ShellState }).shell ?? initialState;
}
export const { matchModalClosed } = shellSlice.actions;
export const selectMatch = (state: unknown) => shellState(state).match;
export const selectSignupModal = (state: unknown) => shellState(state).signupModal;
export const selectSignupCompletedHere = (state: unknown) => shellState(state).signupCompletedHere;
