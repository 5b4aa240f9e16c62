import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { first, rows } from '../../../db/sql';
import type { TestContext } from '../../../testing/helpers';
import {
  createOrder,
  createPaymentsApp,
  expectLedgerConsistent,
  newMember,
  olderMember,
  packageOf,
  payAtProvider,
  state,
  type Member,
} from '../../../testing/payments';
import { createSmsService } from '../sms';

// Discount codes on orders, repeat orders on a stored mandate, and direct debit with its SMS code.
let t: TestContext;
beforeAll(async () => {
  t = await createPaymentsApp({ ddLimitCount: 2 });
});
afterAll(async () => {
  await expectLedgerConsistent(t);
  await t.close();
});

async function siteCode(code: string, over: Record<string, unknown> = {}) {
  const o = {
    country: null,
    minimum: null,
    methods: null,
    validity: 'once_per_user',
    expires: null,
    ...over,
  };
  await t.app.db.execute(
    sql`INSERT INTO discount_codes (code, value_percentage, country, minimum_order_value, paymentmethods, validity, expires)
        VALUES (${code}, 10, ${o.country}, ${o.minimum}, ${o.methods ? JSON.stringify(o.methods) : null}::jsonb,
                ${o.validity}, ${o.expires})`,
  );
}

async function redemptions(userId: number) {
  return rows<{ order_id: number }>(
    t.app.db,
    sql`SELECT order_id FROM discount_redemptions WHERE user_id = ${userId}`,
  );
}

describe('discount codes on orders', () => {
  test('TIMEBONUS25 within 4 hours of signup: 25 % off, redeemed only when the payment completes', async () => {
    const m = await newMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const res = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'timebonus25' });
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order.amount.amount).toBe(Math.round(pkg.price.amount * 0.75));
    expect(order.original_amount).toEqual(pkg.price);
    expect(order.discount_code).toBe('TIMEBONUS25');
    expect(await redemptions(m.id)).toEqual([]);
    await payAtProvider(t, order.payment_id, 'paid');
    expect(await redemptions(m.id)).toEqual([{ order_id: order.id }]);
  });

  test('the time bonus after 4 hours, unknown and expired codes: Code niet gevonden', async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    await siteCode('GONE10', { expires: new Date(Date.now() - 1000).toISOString() });
    for (const code of ['TIMEBONUS25', 'NOPE', 'GONE10']) {
      const res = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'code_not_found', message: 'Code niet gevonden' });
    }
  });

  test('the welcome code of a member past the time bonus applies', async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const welcome = await t.call({
      method: 'GET',
      url: '/api/discountcode.php?welcome=true',
      cookie: m.cookie,
    });
    expect(welcome.statusCode).toBe(200);
    const res = await createOrder(t, m.cookie, {
      package_id: pkg.id,
      method: 'creditcard',
      code: welcome.json().code,
    });
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order.amount.amount).toBe(Math.round(pkg.price.amount * 0.75));
    // A cancelled payment redeems nothing: the code still works; the completed one redeems it.
    await payAtProvider(t, order.payment_id, 'canceled');
    expect(await redemptions(m.id)).toEqual([]);
    const retry = (
      await createOrder(t, m.cookie, { package_id: pkg.id, method: 'creditcard', code: welcome.json().code })
    ).json().order;
    await payAtProvider(t, retry.payment_id, 'paid');
    expect(await redemptions(m.id)).toEqual([{ order_id: retry.id }]);
    // Now premium, the member is told the code was used (not that it does not exist).
    const again = await createOrder(t, m.cookie, {
      package_id: pkg.id,
      method: 'creditcard',
      code: welcome.json().code,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'code_used', message: 'Code reeds gebruikt' });
    const lookup = await t.call({
      method: 'GET',
      url: `/api/discountcode.php?code=${welcome.json().code}`,
      cookie: m.cookie,
    });
    expect(lookup.statusCode).toBe(409);
  });

  test('minimum order value, country and payment methods restrict a code', async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie, 0);
    await siteCode('BIG10', { minimum: pkg.price.amount + 1 });
    await siteCode('BELGIUM10', { country: 'BE' });
    await siteCode('CARD10', { methods: ['creditcard'] });
    const min = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'BIG10' });
    expect(min.statusCode).toBe(400);
    expect(min.json().error.code).toBe('code_minimum');
    expect(min.json().error.message).toContain(`${((pkg.price.amount + 1) / 100).toFixed(2)} EUR`);
    for (const code of ['BELGIUM10', 'CARD10']) {
      const res = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('code_not_applicable');
    }
    const card = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'creditcard', code: 'CARD10' });
    expect(card.statusCode).toBe(201);
  });

  test('a once-per-member code backs one open or paid order: a second order is refused, a failed one releases it', async () => {
    await siteCode('ONCE10');
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const a = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'ONCE10' });
    expect(a.statusCode).toBe(201);
    // Reserved by the open order: a second order with the code is refused, before anything is paid.
    const b = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'ONCE10' });
    expect(b.statusCode).toBe(409);
    expect(b.json().error).toMatchObject({
      code: 'code_reserved',
      message: 'Deze code wordt al gebruikt voor een andere betaling die nog openstaat.',
    });
    // The open order expires at the provider: the code is released and works again, once.
    await payAtProvider(t, a.json().order.payment_id, 'expired');
    const c = (await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'ONCE10' })).json()
      .order;
    expect(c.amount.amount).toBe(Math.round(pkg.price.amount * 0.9));
    await payAtProvider(t, c.payment_id, 'paid');
    expect(await redemptions(m.id)).toEqual([{ order_id: c.id }]);
    const again = await createOrder(t, m.cookie, { package_id: pkg.id, method: 'ideal', code: 'ONCE10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'code_used', message: 'Code reeds gebruikt' });
  });

  test('a code valid once overall: another member cannot reserve it while an order holds it', async () => {
    await t.app.db.execute(
      sql`INSERT INTO discount_codes (code, value_percentage, validity) VALUES ('SOLO20', 20, 'once')`,
    );
    const [x, y] = [await olderMember(t), await olderMember(t)];
    const { pkg } = await packageOf(t, x.cookie);
    const first = await createOrder(t, x.cookie, { package_id: pkg.id, method: 'ideal', code: 'SOLO20' });
    expect(first.statusCode).toBe(201);
    const other = await createOrder(t, y.cookie, { package_id: pkg.id, method: 'ideal', code: 'SOLO20' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('code_reserved');
    await payAtProvider(t, first.json().order.payment_id, 'paid');
    const after = await createOrder(t, y.cookie, { package_id: pkg.id, method: 'ideal', code: 'SOLO20' });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.code).toBe('code_used');
  });
});

/** `POST /api/repeat-order.php` with an Idempotency-Key (a new one each call unless given). */
function repeatOrder(m: Member, key = `k-${randomUUID()}`) {
  return t.call({
    method: 'POST',
    url: '/api/repeat-order.php',
    cookie: m.cookie,
    headers: { 'idempotency-key': key },
    payload: {},
  });
}

async function paidWith(
  method: string,
  outcome = 'paid',
): Promise<Member & { pkgId: number; credits: number }> {
  const m = await olderMember(t);
  const { pkg } = await packageOf(t, m.cookie);
  const { order } = (await createOrder(t, m.cookie, { package_id: pkg.id, method })).json();
  await payAtProvider(t, order.payment_id, outcome);
  return { ...m, pkgId: pkg.id, credits: pkg.credits };
}

describe('repeat order', () => {
  test('one click buys the last package again on the mandate of the first card payment', async () => {
    const m = await paidWith('creditcard');
    const info = await t.call({ method: 'GET', url: '/api/repeat-order.php', cookie: m.cookie });
    expect(info.json()).toMatchObject({ available: true, method: 'creditcard', package: { id: m.pkgId } });
    const before = await state(t, m.id);
    const res = await repeatOrder(m);
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ status: 'completed', recurring: true, package_id: m.pkgId });
    expect((await state(t, m.id)).credits).toBe(before.credits + m.credits);
  });

  test('a declined recurring card charge fails the order and credits nothing', async () => {
    const m = await paidWith('creditcard', 'paid_decline_later');
    const before = await state(t, m.id);
    const res = await repeatOrder(m);
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ status: 'failed', recurring: true, method: 'creditcard' });
    expect(await state(t, m.id)).toEqual(before);
  });

  test('no mandate (PayPal) or not yet premium: refused with a translated message', async () => {
    const paypal = await paidWith('paypal');
    const res = await repeatOrder(paypal);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_mandate');
    const free = await olderMember(t);
    const refused = await repeatOrder(free);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('premium_only');
  });
});

describe('direct debit', () => {
  const PHONE = '+31612345678';
  const form = (pkgId: number, over: Record<string, unknown> = {}) => ({
    package_id: pkgId,
    account_holder: 'J. Jansen',
    iban: 'NL91 ABNA 0417 1643 00',
    street: 'Dorpsstraat',
    house_number: '1',
    zip: '1234 AB',
    city: 'Utrecht',
    phone: PHONE,
    otp: '000000',
    mandate: true,
    ...over,
  });

  async function sendCode(m: Member): Promise<string> {
    await t.app.db.execute(
      sql`UPDATE direct_debit_codes SET created_at = now() - interval '25 hours' WHERE phone = ${PHONE}`,
    );
    const res = await t.call({
      method: 'POST',
      url: '/api/directdebit-code.php',
      cookie: m.cookie,
      payload: { phone: PHONE, iban: 'NL91 ABNA 0417 1643 00', account_holder: 'J. Jansen' },
    });
    expect(res.statusCode).toBe(200);
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/dev/sms.json?to=${encodeURIComponent(PHONE)}`,
    });
    const body = (outbox.json() as { messages: { body: string }[] }).messages[0]!.body;
    expect(body).toMatch(/Je code voor automatische incasso bij .+: \d{6}$/);
    return /(\d{6})$/.exec(body)![1]!;
  }

  const submit = (m: Member, payload: Record<string, unknown>, key = `k-${randomUUID()}`) =>
    t.call({
      method: 'POST',
      url: '/api/directdebit.php',
      cookie: m.cookie,
      headers: { 'idempotency-key': key },
      payload,
    });

  test('with the SMS code, a valid IBAN and the mandate: a SEPA mandate and a paid order', async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const code = await sendCode(m);
    const before = await state(t, m.id);
    const res = await submit(m, form(pkg.id, { otp: code }));
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ method: 'sdd', recurring: true, status: 'completed' });
    const after = await state(t, m.id);
    expect(after.credits).toBe(before.credits + pkg.credits);
    expect(after.paid_user).toBe(true);
    const mandate = await first<{ details: { iban: string } }>(
      t.app.db,
      sql`SELECT details FROM payment_mandates WHERE user_id = ${m.id} AND method = 'directdebit'`,
    );
    expect(mandate!.details.iban).toBe('NL91…4300');
    // The code is single use.
    const replay = await submit(m, form(pkg.id, { otp: code }));
    expect(replay.statusCode).toBe(400);
  });

  test('invalid IBAN, missing mandate: precise 400s before the code is spent', async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const code = await sendCode(m);
    for (const iban of ['NL91 ABNA 0417 1643 01', 'NL91ABNA04171643', 'XX00']) {
      const res = await submit(m, form(pkg.id, { otp: code, iban }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'iban_invalid',
        field: 'iban',
        message: 'Ongeldig IBAN-nummer.',
      });
    }
    const noMandate = await submit(m, form(pkg.id, { otp: code, mandate: false }));
    expect(noMandate.json().error).toMatchObject({ code: 'mandate_required', field: 'mandate' });
    expect((await submit(m, form(pkg.id, { otp: code }))).statusCode).toBe(201);
  });

  test('a wrong code six times: five times Code ongeldig, then too many attempts (also for the right code)', async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const code = await sendCode(m);
    const wrong = code === '111111' ? '222222' : '111111';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await submit(m, form(pkg.id, { otp: wrong })));
    expect(answers.slice(0, 5).map((r) => r.json().error.message)).toEqual(Array(5).fill('Code ongeldig'));
    expect(answers[5]!.statusCode).toBe(429);
    expect(answers[5]!.json().error.code).toBe('sms_attempts');
    expect((await submit(m, form(pkg.id, { otp: code }))).statusCode).toBe(429);
  });

  test('an expired code is refused; the limit per period and a block give their messages', async () => {
    const m = await olderMember(t);
    const { pkg } = await packageOf(t, m.cookie);
    const code = await sendCode(m);
    await t.app.db.execute(
      sql`UPDATE direct_debit_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${m.id}`,
    );
    const expired = await submit(m, form(pkg.id, { otp: code }));
    expect(expired.json().error).toMatchObject({ code: 'sms_code_expired', field: 'otp' });

    expect((await submit(m, form(pkg.id, { otp: await sendCode(m) }))).statusCode).toBe(201);
    expect((await submit(m, form(pkg.id, { otp: await sendCode(m) }))).statusCode).toBe(201);
    const limit = await submit(m, form(pkg.id, { otp: await sendCode(m) }));
    expect(limit.statusCode).toBe(429);
    expect(limit.json().error).toMatchObject({
      code: 'dd_limit',
      message: 'Je hebt de limiet voor automatische incasso bereikt.',
    });

    await t.app.db.execute(sql`INSERT INTO direct_debit_blocks (user_id, reason) VALUES (${m.id}, 'test')`);
    const blocked = await t.call({
      method: 'POST',
      url: '/api/directdebit-code.php',
      cookie: m.cookie,
      payload: { phone: PHONE, iban: 'NL91 ABNA 0417 1643 00', account_holder: 'J. Jansen' },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('dd_blocked');
  });
});

test('with SMS_URL a message goes to the HTTP gateway as JSON and is marked sent; a gateway error is kept', async () => {
  const received: unknown[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(text) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  try {
    const sms = createSmsService(t.app.db, { url, log: t.app.log });
    await sms.send('+31600000001', 'Je code: 123456', null);
    expect(received).toEqual([
      { method: 'POST', type: 'application/json', body: { to: '+31600000001', body: 'Je code: 123456' } },
    ]);
    const [sent] = await sms.outbox('+31600000001');
    expect(sent!.sent_at).not.toBeNull();
    status = 502;
    await expect(sms.send('+31600000002', 'x', null)).rejects.toThrow(/502/);
    const failed = await first<{ error: string | null; sent_at: string | null }>(
      t.app.db,
      sql`SELECT error, sent_at FROM sms_outbox WHERE to_phone = '+31600000002'`,
    );
    expect(failed).toEqual({ error: expect.stringContaining('502'), sent_at: null });
  } finally {
    server.close();
  }
});
