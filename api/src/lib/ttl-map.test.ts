import { TtlMap } from './ttl-map';
import { CACHE_NAMES, setCachesOff } from './caches';

describe('TtlMap', () => {
  afterEach(() => jest.useRealTimers());

  test('entries expire after the ttl, and the oldest written makes room at the bound', () => {
    jest.useFakeTimers({ now: 0 });
    const map = new TtlMap<string, number>(1000, 2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10); // written again: now the newest
    map.set('c', 3); // b was the oldest
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([10, undefined, 3]);
    jest.setSystemTime(999);
    expect(map.get('a')).toBe(10);
    jest.setSystemTime(1000);
    expect(map.get('a')).toBeUndefined();
  });

  test('remember loads once, and forgets a rejected load so the next call loads again', async () => {
    const map = new TtlMap<string, Promise<number>>(60_000, 10);
    let loads = 0;
    const ok = () => map.remember('k', async () => ++loads);
    expect(await Promise.all([ok(), ok()])).toEqual([1, 1]);
    expect(loads).toBe(1);

    const failing = map.remember('f', () => Promise.reject(new Error('down')));
    await expect(failing).rejects.toThrow('down');
    expect(map.get('f')).toBeUndefined();
    expect(await map.remember('f', async () => 7)).toBe(7);
  });

  test('deleteWhere removes the matching entries only', () => {
    const map = new TtlMap<string, number>(60_000, 10);
    map.set('a', 1);
    map.set('b', 2);
    map.deleteWhere((_key, value) => value === 1);
    expect([map.get('a'), map.get('b')]).toEqual([undefined, 2]);
  });

  test('a named cache switched off holds nothing and loads every time; on again, it caches', async () => {
    const map = new TtlMap<string, number>(60_000, 10, 'profiles');
    const other = new TtlMap<string, number>(60_000, 10, 'chats');
    try {
      expect(setCachesOff(['profiles', 'no-such-cache'])).toEqual(['profiles']);
      let loads = 0;
      expect([map.remember('k', () => ++loads), map.remember('k', () => ++loads)]).toEqual([1, 2]);
      map.set('x', 5);
      expect(map.get('x')).toBeUndefined();
      other.set('x', 5);
      expect(other.get('x')).toBe(5);
      setCachesOff([]);
      expect([map.remember('k', () => ++loads), map.remember('k', () => ++loads)]).toEqual([3, 3]);
      expect(setCachesOff(['all'])).toEqual([...CACHE_NAMES]);
      expect(other.get('x')).toBeUndefined();
    } finally {
      setCachesOff([]);
    }
  });
});
