import { createAction } from '@reduxjs/toolkit';

/** The server said "authentication required" (docs/product/calls-and-errors.md): the session is gone, log the user out locally. */
export const authRequired = createAction('session/authRequired');
/** The user logged in (any way: form, signup, activation link). */
export const loggedIn = createAction('session/loggedIn');
/** The user logged out on purpose. */
export const loggedOut = createAction('session/loggedOut');
