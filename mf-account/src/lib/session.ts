import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { coreApi, loggedIn, type RootState, type User } from '@dating/shared';

type Dispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** After any call that logs the member in: the user is known without another `user.php` round trip. */
export function startSession(dispatch: Dispatch, user: User): void {
  void dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user }));
  dispatch(loggedIn());
}

/** After any call that answers the changed user: keep the shared `getUser` cache in step. */
export function storeUser(dispatch: Dispatch, user: User): void {
  void dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user }));
}
