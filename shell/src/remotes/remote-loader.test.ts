import { createFederationLoader } from './remote-loader';

function fakeRuntime(fail: { value: boolean }) {
  const calls = { load: [] as string[], register: [] as unknown[] };
  const Page = () => null;
  return {
    calls,
    runtime: {
      async loadRemote<T>(id: string): Promise<T | null> {
        calls.load.push(id);
        if (fail.value) throw new Error('remote down');
        return { default: Page } as T;
      },
      registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }) {
        calls.register.push({ remotes, options });
      },
    },
  };
}

const registry = [
  { name: 'mf_chat', entry: '/remotes/mf-chat/1.0.0-abc/remoteEntry.js', version: '1.0.0-abc' },
];

describe('federation loader', () => {
  test('loads a module once, forgets a failure, and reset re-registers the remote with force', async () => {
    const fail = { value: true };
    const { runtime, calls } = fakeRuntime(fail);
    const loader = createFederationLoader(runtime, registry);
    const target = { remote: 'mf_chat', module: 'ChatsPage' } as const;
    await expect(loader.load(target)).rejects.toThrow('remote down');
    fail.value = false;
    await loader.reset('mf_chat');
    expect(calls.register).toEqual([
      { remotes: [{ name: 'mf_chat', entry: registry[0]!.entry }], options: { force: true } },
    ]);
    const Page = await loader.load(target);
    expect(await loader.load(target)).toBe(Page);
    expect(calls.load).toEqual(['mf_chat/ChatsPage', 'mf_chat/ChatsPage']);
  });

  test('preload loads into the same cache, and only remotes in the registry', async () => {
    const { runtime, calls } = fakeRuntime({ value: false });
    const loader = createFederationLoader(runtime, registry);
    loader.preload({ remote: 'mf_chat', module: 'ConversationList' });
    loader.preload({ remote: 'mf_payments', module: 'CreditsPage' });
    await loader.load({ remote: 'mf_chat', module: 'ConversationList' });
    expect(calls.load).toEqual(['mf_chat/ConversationList']);
  });
});
