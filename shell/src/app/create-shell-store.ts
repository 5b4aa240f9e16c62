import { coreApi, makeStore, type AppStore, type SiteData } from '@dating/shared';
import { injectedShellSlice } from './shell-slice';

/**
 * The one store (docs/product/architecture.md), primed with the settings and user the server inlined, so the first render
 * makes no request for them. A logout or an expired session resets the whole api cache; the site's settings do
 * not depend on the member, so they are primed again at once instead of being fetched.
 */
export async function createShellStore(siteData: Pick<SiteData, 'settings' | 'user'>): Promise<AppStore> {
  void injectedShellSlice;
  const store = makeStore();
  const selectSettings = coreApi.endpoints.getSettings.select();
  let settings = siteData.settings;
  let priming = false;
  store.subscribe(() => {
    if (priming) return;
    const current = selectSettings(store.getState()).data;
    if (current) {
      settings = current;
      return;
    }
    priming = true;
    void store.dispatch(coreApi.util.upsertQueryData('getSettings', undefined, settings));
    priming = false;
  });
  await store.dispatch(coreApi.util.upsertQueryData('getSettings', undefined, settings));
  await store.dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user: siteData.user }));
  return store;
}
