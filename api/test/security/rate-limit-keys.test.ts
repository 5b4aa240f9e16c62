import { createTestApp, type TestContext } from '../../src/testing/helpers';

// Every rate limit counts on what the client cannot shed — its address (as TRUST_PROXY trusts
// it) or its account — never on a cookie it can drop. The SMS code route of direct debit allows 10 per hour.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 3 });
});
afterAll(async () => t.close());

// The limit is counted before the body is checked: an empty body is enough to spend one.
const askCode = (cookie: string | undefined, remoteAddress: string) =>
  t.call({ method: 'POST', url: '/api/directdebit-code.php', cookie, remoteAddress, payload: {} });

describe('rate limit keys', () => {
  it('a member who drops the session cookie and signs in again keeps the count: it is the account’s', async () => {
    const first = await t.login();
    for (let i = 0; i < 10; i++) expect((await askCode(first, '192.0.2.10')).statusCode).not.toBe(429);
    expect((await askCode(first, '192.0.2.10')).statusCode).toBe(429);
    // A fresh session of the same member, from another address: still the same account's count.
    const second = await t.login();
    expect(second).not.toBe(first);
    const again = await askCode(second, '192.0.2.11');
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('rate_limited');
  });

  it('without any cookie the count is the address’s: dropping cookies does not make a fresh client', async () => {
    for (let i = 0; i < 10; i++) expect((await askCode(undefined, '192.0.2.20')).statusCode).not.toBe(429);
    expect((await askCode(undefined, '192.0.2.20')).statusCode).toBe(429);
    expect((await askCode('sid=made-up-value', '192.0.2.20')).statusCode).toBe(429);
    expect((await askCode(undefined, '192.0.2.21')).statusCode).not.toBe(429);
  });
});
