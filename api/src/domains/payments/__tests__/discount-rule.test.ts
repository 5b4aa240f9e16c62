import { sql } from 'drizzle-orm';
import { ADVERTISED_CODES } from '@dating/shared/lib/discount-rule';
import type { TestContext } from '../../../testing/helpers';
import {
  createOrder,
  createPaymentsApp,
  expectLedgerConsistent,
  newMember,
  olderMember,
  packageOf,
  payAtProvider,
} from '../../../testing/payments';

// docs/adr/0033-discount-rule.md: a typed code and the running time bonus compose to the better of the two, and every
// code a page names (the welcome code, the retention code) exists on the site.
let t: TestContext;
beforeAll(async () => {
  t = await createPaymentsApp();
  await t.app.db.execute(
    sql`INSERT INTO discount_codes (code, value_percentage, validity) VALUES ('TEN10', 10, 'once_per_user')`,
  );
});
afterAll(async () => {
  await expectLedgerConsistent(t);
  await t.close();
});

const check = (cookie: string | undefined, code: string) =>
  t.call({ method: 'GET', url: `/api/discountcode.php?code=${code}`, ...(cookie ? { cookie } : {}) });

test('during the time bonus a weaker typed code is priced as the bonus; a stronger one wins', async () => {
  const m = await newMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const weaker = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'TEN10' });
  expect(weaker.statusCode).toBe(201);
  expect(weaker.json().order).toMatchObject({
    discount_code: 'TIMEBONUS25',
    amount: { amount: Math.round(pkg.price.amount * 0.75), currency: pkg.price.currency },
  });
  await payAtProvider(t, weaker.json().order.payment_id, 'cancelled');

  const stronger = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'blijf50' });
  expect(stronger.statusCode).toBe(201);
  expect(stronger.json().order).toMatchObject({
    discount_code: 'BLIJF50',
    amount: { amount: Math.round(pkg.price.amount * 0.5), currency: pkg.price.currency },
  });
});

test('every advertised code exists in every language: welcome 25 % until paid, retention as the company offers', async () => {
  const visitorWelcome = await check(undefined, 'WELKOM');
  expect(visitorWelcome.statusCode).toBe(200);
  expect(visitorWelcome.json()).toMatchObject({ code: 'WELKOM', value_percentage: 25, status: 'active' });
  const m = await olderMember(t);
  for (const codes of Object.values(ADVERTISED_CODES)) {
    expect((await check(m.cookie, codes.welcome)).json()).toMatchObject({ value_percentage: 25 });
    expect((await check(m.cookie, codes.retention)).json()).toMatchObject({ value_percentage: 50 });
  }
});

test('the welcome code ends with the welcome window and with the first purchase; the retention code is once per member', async () => {
  const late = await newMember(t);
  await t.app.db.execute(sql`UPDATE users SET signup_date = now() - interval '3 days' WHERE id = ${late.id}`);
  // Looked up it says expired (the page tells the member so); an order with it is refused.
  expect((await check(late.cookie, 'WELKOM')).json()).toMatchObject({
    code: 'WELKOM',
    expired: true,
    status: 'expired',
  });
  const { pkg: latePkg } = await packageOf(t, late.cookie);
  const lateOrder = await createOrder(t, late.cookie, {
    package_id: latePkg.id,
    method: 'ideal',
    code: 'WELKOM',
  });
  expect(lateOrder.statusCode).toBe(404);

  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const res = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'BLIJF50' });
  expect(res.json().order).toMatchObject({ discount_code: 'BLIJF50' });
  await payAtProvider(t, res.json().order.payment_id, 'paid');
  expect((await check(m.cookie, 'BLIJF50')).statusCode).toBe(409);
  const welcome = await check(m.cookie, 'WELKOM');
  expect(welcome.statusCode).toBe(404);
  expect(welcome.json().error).toEqual({ code: 'code_not_found', message: 'Code niet gevonden' });
});
