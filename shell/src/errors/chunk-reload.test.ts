import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

function chunkError() {
  const error = new Error('Loading chunk 123 failed.\n(error: https://example.test/remotes/x/123.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('chunk-load reload guard (docs/product/calls-and-errors.md)', () => {
  afterEach(() => sessionStorage.clear());

  test('recognises webpack chunk failures only', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 7 failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  test('one full reload, then none again within 60 s, then one again after', () => {
    const reload = jest.fn();
    const start = 1_700_000_000_000;
    expect(reloadOnceForChunkError(chunkError(), { reload, now: start })).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(start));
    expect(reloadOnceForChunkError(chunkError(), { reload, now: start + 59_000 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunkError(chunkError(), { reload, now: start + 61_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test('other errors never reload', () => {
    const reload = jest.fn();
    expect(reloadOnceForChunkError(new Error('boom'), { reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
