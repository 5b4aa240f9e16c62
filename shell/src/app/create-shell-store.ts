import { coreApi, makeStore, type AppStore, type SiteData } from '@dating/shared';
import { injectedShellSlice } from './shell-slice';

/**
 * The one store (ARCHITECTURE §4), primed with the settings and user the server inlined, so the first render
 * makes no request for them.
 */
export async function createShellStore(siteData: Pick<SiteData, 'settings' | 'user'>): Promise<AppStore> {
  void injectedShellSlice;
  const store = makeStore();
  await store.dispatch(coreApi.util.upsertQueryData('getSettings', undefined, siteData.settings));
  await store.dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user: siteData.user }));
  return store;
}
