import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { createPaymentsApp, newMember } from '../../../testing/payments';

// The browser tests' way to a member outside the time bonus: a /dev route on loopback, never in production.
let t: TestContext;
beforeAll(async () => {
  t = await createPaymentsApp();
});
afterAll(async () => {
  await t.close();
});

const age = (app: TestContext, email: string, remoteAddress = '127.0.0.1') =>
  app.app.inject({
    method: 'POST',
    url: '/dev/payments/signup-age.json',
    remoteAddress,
    payload: { email, hours: 5 },
  });

test('on loopback in development it moves the signup back; from elsewhere it does not exist', async () => {
  const m = await newMember(t);
  const signupDate = async () =>
    new Date(
      (await first<{ d: string }>(t.app.db, sql`SELECT signup_date AS d FROM users WHERE id = ${m.id}`))!.d,
    ).getTime();
  const before = await signupDate();
  expect((await age(t, m.email, '203.0.113.7')).statusCode).toBe(404);
  expect(await signupDate()).toBe(before);
  expect((await age(t, 'nobody@example.com')).statusCode).toBe(404);
  const res = await age(t, m.email);
  expect(res.statusCode).toBe(200);
  expect(before - (await signupDate())).toBe(5 * 3600_000);
  // Outside the 4-hour window the time bonus code is gone; the welcome code is still there.
  const bonus = await t.call({
    method: 'GET',
    url: '/api/discountcode.php?code=TIMEBONUS25',
    cookie: m.cookie,
  });
  expect(bonus.statusCode).toBe(404);
  const welcome = await t.call({
    method: 'GET',
    url: '/api/discountcode.php?welcome=true',
    cookie: m.cookie,
  });
  expect(welcome.statusCode).toBe(200);
});

test('production has no such route', async () => {
  const prod = await createTestApp({ profiles: 0, production: true, mailOutboxOnly: true });
  try {
    const res = await age(prod, 'demo@example.com');
    expect(res.statusCode).toBe(404);
  } finally {
    await prod.close();
  }
});
