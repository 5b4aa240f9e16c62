import { createAction } from '@reduxjs/toolkit';

/**
 * Events between apps (docs/product/routes-and-layouts.md signup modal). Remotes dispatch them; the shell owns the modal state and reacts.
 * Named as events, not setters.
 */
export const signupModalOpened = createAction<
  | {
      /** The entry point (`lander`, `chats`, `profile-like`…): recorded with the account as `signup_source`. */
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
