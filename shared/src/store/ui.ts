import { createAction } from '@reduxjs/toolkit';

/**
 * Events between apps (SPEC §2 signup modal). Remotes dispatch them; the shell owns the modal state and reacts.
 * Named as events, not setters.
 */
export const signupModalOpened = createAction<
  | {
      source?: string;
      /** Signup step 0 from a profile: the form offers a first message to this member (sent once signed up). */
      profile?: { id: number; name: string };
      /** What the visitor already wrote to `profile` (mf-chat's composer): the form starts with it. */
      message?: string;
    }
  | undefined
>('ui/signupModalOpened');
export const signupStarted = createAction('ui/signupStarted');
export const signupFinished = createAction('ui/signupFinished');
export const signupClosed = createAction('ui/signupClosed');
export const redirectedToLogin = createAction('ui/redirectedToLogin');

/**
 * The props of `mf_account/SignupForm`: what the shell's signup modal passes (from `signupModalOpened`) and what
 * the remote accepts, one type for both sides of the seam.
 */
export interface SignupFormProps {
  /** Called when the member finishes (or leaves) the flow, e.g. to close the shell's modal. */
  onDone?: () => void;
  /** Where the signup started (`profile:{id}`, `lander:{page}`), as `signupModalOpened` said. */
  source?: string | null;
  /** Signing up from a profile (step 0 "send a message"): that member's id and name. */
  profileId?: number;
  profileName?: string;
  /** Step 0's first message as the visitor already wrote it (sent as `signup_message` with the signup). */
  message?: string;
}
