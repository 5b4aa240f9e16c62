import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestContext } from '../src/testing/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 30 });
});
afterAll(async () => {
  await t.close();
});

describe('compression of API answers', () => {
  it('sends members.php brotli-compressed to a browser that accepts it, and the body is the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/members.php?numResults=30' });
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/members.php?numResults=30',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('falls back to gzip, and leaves small answers alone', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/members.php?numResults=30',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('profiles');
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
