import { answerRequests } from '../testing/msw';
import { coreApi } from '../api/core-endpoints';
import type { Settings, User } from '../contract';
import { makeStore } from './make-store';
import { authRequired, loggedOut } from './session';

const settings = { name: 'Demo site', niche: 1 } as Settings;
const user = { email: 'demo@example.com', credits: 5 } as User;

async function primedStore() {
  const store = makeStore();
  await store.dispatch(coreApi.util.upsertQueryData('getSettings', undefined, settings));
  await store.dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user }));
  await store.dispatch(coreApi.util.upsertQueryData('getChats', undefined, { chats: [] }));
  return store;
}

describe('session end', () => {
  it.each([
    ['logout', loggedOut()],
    ['authentication required', authRequired()],
  ])(
    'after %s the member is a visitor, their data is gone and the site settings stay',
    async (_name, action) => {
      const store = await primedStore();
      store.dispatch(action);
      // The listener runs its effect asynchronously.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const state = store.getState();
      expect(coreApi.endpoints.getUser.select()(state).data).toEqual({ user: false });
      expect(coreApi.endpoints.getSettings.select()(state).data).toEqual(settings);
      expect(coreApi.endpoints.getChats.select()(state).data).toBeUndefined();
    },
  );
});

describe('a 403 "authentication required" for a visitor', () => {
  it('answers false without resetting the cache again, so mounted queries do not refetch in a loop', async () => {
    const calls: string[] = [];
    answerRequests((request) => {
      calls.push(request.url);
      return Response.json({ error: { code: 'auth_required', message: 'Log in' } }, { status: 403 });
    });
    const store = makeStore();
    await store.dispatch(coreApi.util.upsertQueryData('getSettings', undefined, settings));
    await store.dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user: false }));
    const subscription = store.dispatch(coreApi.endpoints.getChats.initiate());
    const result = await subscription;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.data).toBe(false);
    expect(calls).toHaveLength(1);
    expect(coreApi.endpoints.getSettings.select()(store.getState()).data).toEqual(settings);
    subscription.unsubscribe();
  });
});
