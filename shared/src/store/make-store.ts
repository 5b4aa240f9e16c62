import {
  configureStore,
  createListenerMiddleware,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from '../api/api';
import type { ApiExtra } from '../api/base-query';
import { coreApi } from '../api/core-endpoints';
import { rootReducer, type RootState } from './root-reducer';
import { authRequired, loggedOut } from './session';

function createSessionListener() {
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (action) => authRequired.match(action) || loggedOut.match(action),
    effect: async (action, listenerApi) => {
      const state = listenerApi.getState() as RootState;
      // Already a visitor: the request simply answered `false` (docs/product/calls-and-errors.md). Resetting again would make every
      // mounted query ask once more, get 403 once more, and loop.
      if (authRequired.match(action) && coreApi.endpoints.getUser.select()(state).data?.user === false)
        return;
      // Forget everything that belonged to the member, then mark the session as a visitor's. The site's
      // settings are not the member's: keep them, the layouts cannot render without them.
      // In the same tick as the action (`upsertQueryEntries` is a plain action, not a thunk): a navigation already
      // on its way sees the visitor's session when the router re-runs its rules, instead of finishing with the
      // member's while the cache is empty in between.
      const dispatch = listenerApi.dispatch as ThunkDispatch<RootState, unknown, UnknownAction>;
      const settings = coreApi.endpoints.getSettings.select()(state).data;
      dispatch(api.util.resetApiState());
      dispatch(
        coreApi.util.upsertQueryEntries([
          ...(settings ? [{ endpointName: 'getSettings' as const, arg: undefined, value: settings }] : []),
          { endpointName: 'getUser' as const, arg: undefined, value: { user: false as const } },
        ]),
      );
    },
  });
  return listener;
}

/** Creates the one store (the shell does this once; tests make their own). */
export function makeStore(preloadedState?: Partial<RootState>, options: { extra?: ApiExtra } = {}) {
  const sessionListener = createSessionListener();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: options.extra } })
        .prepend(sessionListener.middleware)
        .concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
