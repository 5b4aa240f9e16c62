import { sql } from 'drizzle-orm';
import type { TestContext } from '../../../testing/helpers';
import {
  createOrder,
  createPaymentsApp,
  expectLedgerConsistent,
  olderMember,
  packageOf,
  payAtProvider,
} from '../../../testing/payments';

// A code that arrives in a link (`/members?network=mail&code=SPRING15`): the browser keeps it and passes the page's
// query to discountcode.php, then names the code in the order (docs/adr/0029-phone-first-banners-and-settings.md).
let t: TestContext;
beforeAll(async () => {
  t = await createPaymentsApp();
  await t.app.db.execute(
    sql`INSERT INTO discount_codes (code, value_percentage, validity) VALUES ('SPRING15', 15, 'once_per_user')`,
  );
});
afterAll(async () => {
  await expectLedgerConsistent(t);
  await t.close();
});

const check = (cookie: string, query: string) =>
  t.call({ method: 'GET', url: `/api/discountcode.php?${query}`, cookie });

test('?code= with the rest of the page query: checked, priced into the order, redeemed once paid, then used', async () => {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  // The page's whole query is passed through (docs/product/calls-and-errors.md); the server reads the code and accepts the rest.
  const found = await check(m.cookie, 'network=mail&sub1=spring&code=spring15');
  expect(found.statusCode).toBe(200);
  expect(found.json()).toMatchObject({
    code: 'SPRING15',
    value_percentage: 15,
    status: 'active',
    expired: false,
  });

  const res = await createOrder(t, m.cookie, {
    package_id: pkg.id,
    method: 'ideal',
    code: found.json().code,
  });
  expect(res.statusCode).toBe(201);
  const { order } = res.json();
  expect(order).toMatchObject({
    discount_code: 'SPRING15',
    original_amount: pkg.price,
    amount: { amount: Math.round(pkg.price.amount * 0.85), currency: pkg.price.currency },
  });
  await payAtProvider(t, order.payment_id, 'paid');

  // The same link again: the check says used, in the visitor's language, and so does an order with it.
  const again = await check(m.cookie, 'network=mail&code=SPRING15');
  expect(again.statusCode).toBe(409);
  expect(again.json().error).toEqual({ code: 'code_used', message: 'Code reeds gebruikt' });
  const reorder = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'SPRING15' });
  expect(reorder.statusCode).toBe(409);
});

test('an unknown code from a link: Code niet gevonden at the check and at the order', async () => {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const res = await check(m.cookie, 'code=NOSUCHCODE&ref=lander');
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toEqual({ code: 'code_not_found', message: 'Code niet gevonden' });
  const order = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'NOSUCHCODE' });
  expect(order.statusCode).toBe(404);
});
