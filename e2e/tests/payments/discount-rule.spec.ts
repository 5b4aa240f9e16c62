import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { DevSignupAgeBody } from '@dating/shared/contract/dev';
import { birthdate, createActiveMember, newMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { waitForLink } from '../../support/mailbox';
import { XHR } from '../../support/site';

// docs/adr/0033-discount-rule.md on a 390 × 844 phone: a typed code never costs the time bonus, the codes pages
// name exist and apply, `?code=` says what it did, and the checkout's lists wrap cleanly in every language.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** "€ 12,34" (or "12,34 €") as minor units. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

async function ageSignup(request: APIRequestContext, email: string, hours: number) {
  const aged = await request.post('/dev/payments/signup-age.json', {
    data: { email, hours } satisfies DevSignupAgeBody,
  });
  expect(aged.status()).toBe(200);
}

async function newestOrder(request: APIRequestContext) {
  const response = await request.get('/api/orders.php', { headers: XHR });
  expect(response.ok()).toBe(true);
  return (
    (await response.json()) as { orders: { discount_code: string | null; amount: { amount: number } }[] }
  ).orders[0]!;
}

/**
 * Words of `scope`'s text that the layout broke across two lines (e.g. "Bankoverschrijv" / "ing"), and boxes that
 * stick out of their parent: both measured in the page from the rendered text.
 */
async function layoutFaults(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const faults: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) faults.push(`"${match[0]}" broken across lines`);
      }
    }
    const outer = root.getBoundingClientRect();
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > outer.right + 0.5 || box.left < outer.left - 0.5)
        faults.push(
          `<${element.tagName.toLowerCase()}> "${element.textContent?.slice(0, 30)}" outside its card`,
        );
    }
    return faults;
  });
}

/** Labels and values of a receipt's rows that overlap (a label running into its value). */
async function overlappingRows(receipt: Locator): Promise<string[]> {
  return receipt.locator('dl > div').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const label = row.querySelector('dt')!.getBoundingClientRect();
      const value = row.querySelector('dd')!.getBoundingClientRect();
      const sameLine = label.top < value.bottom && value.top < label.bottom;
      return sameLine && label.right > value.left ? [row.textContent ?? ''] : [];
    }),
  );
}

test('a typed code and the time bonus: unknown or weaker keeps the bonus, stronger wins, Betalen never disabled', async ({
  page,
  consoleErrors,
}, testInfo) => {
  await createActiveMember(page.request, 'rule');
  await page.goto('/credits');
  await expect(page.getByText('Tijdsbonus: 25% korting')).toBeVisible();
  const full = cents((await page.getByRole('article').first().locator('del').textContent())!);
  await page.getByRole('article').first().getByRole('link', { name: 'Kiezen' }).click();

  // The code field is there before a method is chosen; the price already carries the bonus.
  const field = page.getByLabel('Kortingscode (optioneel)');
  await expect(field).toBeVisible();
  const card = page.getByRole('article').first();
  await expect(card.getByTestId('price')).toHaveText(/\d/);
  expect(cents((await card.getByTestId('price').textContent())!)).toBe(Math.round(full * 0.75));
  await page.getByRole('link', { name: 'iDEAL', exact: true }).click();

  const status = page.getByTestId('code-status');
  // "Betalen" stays where it is while the code is checked and answered: a tap at that moment lands on it.
  const pay = page.getByRole('button', { name: 'Betalen' });
  const payTop = async () => (await pay.boundingBox())!.y;
  const resting = await payTop();
  await field.fill('NEPCODE99');
  await expect(status).toContainText('Code niet gevonden');
  await expect(status).toContainText('Je houdt je korting TIMEBONUS25 (25% korting).');
  expect(cents((await card.getByTestId('price').textContent())!)).toBe(Math.round(full * 0.75));
  await expect(pay).toBeEnabled();
  expect(await payTop()).toBe(resting);

  // The lander's welcome code ties with the bonus: the bonus stays, said as such.
  await field.fill('WELKOM');
  await expect(status).toContainText('WELKOM geeft 25% korting; je TIMEBONUS25 van 25% geeft niet minder');
  expect(await payTop()).toBe(resting);
  await testInfo.attach('checkout-code-390x844', { body: await page.screenshot(), contentType: 'image/png' });

  // The retention code is better: it wins, and says what it beats; the order is priced with it.
  await field.fill('BLIJF50');
  await expect(status).toContainText('BLIJF50: 50% korting, voordeliger dan je TIMEBONUS25 (25%)');
  await expect
    .poll(async () => cents((await card.getByTestId('price').textContent())!))
    .toBe(Math.round(full * 0.5));
  await field.fill('NEPCODE99');
  await expect(status).toContainText('Code niet gevonden');
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/tst_[0-9a-f]+$/);
  expect(await newestOrder(page.request)).toMatchObject({
    discount_code: 'TIMEBONUS25',
    amount: { amount: Math.round(full * 0.75) },
  });
  // The lookups of the unknown code answer 404 (Code niet gevonden) by contract; nothing else failed.
  expect(
    consoleErrors.filter((error) => !error.url?.includes('/api/discountcode.php?code=NEPCODE99')),
  ).toEqual([]);
});

test('the retention offer of account deletion opens /credits with its 50 % code applied', async ({
  page,
}) => {
  const member = await createActiveMember(page.request, 'retain');
  await ageSignup(page.request, member.email, 5);
  await page.goto('/profile?tab=account');
  await page.getByRole('button', { name: 'Ik wil mijn account verwijderen' }).click();
  await expect(page.getByText('Blijf en krijg 50% korting op credits.')).toBeVisible();
  await page.getByRole('link', { name: 'Naar de credits' }).click();
  await expect(page).toHaveURL(/\/credits\?code=BLIJF50$/);
  const notice = page.getByTestId('linked-code-notice');
  await expect(notice).toHaveText(
    'Code BLIJF50 is toegepast: 50% korting, verwerkt in de prijzen hieronder.',
  );
  const card = page.getByRole('article').first();
  const full = cents((await card.locator('del').textContent())!);
  expect(cents((await card.getByTestId('price').textContent())!)).toBe(Math.round(full * 0.5));
  await expect(card).toContainText('−50%');
  // Carried to the order.
  await card.getByRole('link', { name: 'Kiezen' }).click();
  await page.getByRole('link', { name: 'iDEAL', exact: true }).click();
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/tst_[0-9a-f]+$/);
  expect(await newestOrder(page.request)).toMatchObject({
    discount_code: 'BLIJF50',
    amount: { amount: Math.round(full * 0.5) },
  });
});

test('?code= says what it did: kept on a lander, applied, expired or unknown on /credits', async ({
  page,
}) => {
  // A visitor on a lander: the welcome code the landers name is kept for the first purchase; a made-up one is not.
  await page.goto('/?code=WELKOM');
  await expect(page.getByTestId('linked-code-notice')).toHaveText(
    'Code WELKOM is bewaard: 25% korting op je eerste credits.',
  );
  await expect(page.getByText('25% welkomstkorting voor nieuwe leden met code WELKOM')).toBeVisible();
  await page.goto('/?code=NEPCODE99');
  await expect(page.getByTestId('linked-code-notice')).toHaveText('Code NEPCODE99 bestaat niet.');

  const member = await createActiveMember(page.request, 'states');
  await page.goto('/credits?code=NEPCODE99');
  await expect(page.getByTestId('linked-code-notice')).toHaveText('Code NEPCODE99 bestaat niet.');
  // Still the bonus on every card: the unknown code took nothing away.
  await expect(page.getByText('Tijdsbonus: 25% korting')).toBeVisible();
  // Three days after signup the welcome window is over: the code says it expired.
  await ageSignup(page.request, member.email, 72);
  await page.goto('/credits?code=WELKOM');
  await expect(page.getByTestId('linked-code-notice')).toHaveText('Code WELKOM is verlopen.');
});

test('the price of a message is what the cheapest package makes it, with and without the bonus', async ({
  page,
}) => {
  await createActiveMember(page.request, 'msgprice');
  await page.goto('/credits');
  const packages = (await (await page.request.get('/api/packages.php', { headers: XHR })).json()) as {
    packages: { credits: number; price: { amount: number } }[];
  };
  const perCredit = Math.min(...packages.packages.map((p) => p.price.amount / p.credits));
  const euros = (minor: number) => (Math.round(minor) / 100).toFixed(2).replace('.', ',');
  await expect(page.getByTestId('minimum-message-cost')).toHaveText(
    `Een bericht kost 5 credits: vanaf € ${euros(perCredit * 5)} per bericht, met je korting € ${euros(perCredit * 5 * 0.75)}.`,
  );
});

test('payment methods: no Apple Pay where the device has none, offered where it has', async ({ page }) => {
  await createActiveMember(page.request, 'wallet');
  await page.goto('/credits');
  await page.getByRole('article').first().getByRole('link', { name: 'Kiezen' }).click();
  await expect(page.getByRole('link', { name: 'iDEAL', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apple Pay', exact: true })).toHaveCount(0);

  await page.addInitScript(() => {
    (window as unknown as { ApplePaySession: object }).ApplePaySession = { canMakePayments: () => true };
  });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Apple Pay', exact: true })).toBeVisible();
});

/** A member in `locale` with a paid bank-transfer order: its receipt page. */
async function receiptIn(browser: Browser, locale: string, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    locale,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    baseURL,
  });
  const page = await context.newPage();
  const member = newMember(`receipt-${locale}`);
  const signup = await page.request.post('/api/signup.php', {
    headers: XHR,
    data: {
      name: member.name,
      gender: 'male',
      seeking: 'female',
      date_of_birth: birthdate(40),
      email: member.email,
      password: member.password,
      locale,
    },
  });
  expect(signup.status()).toBe(201);
  const { path } = await waitForLink(page.request, member.email, '/activate/done');
  await page.goto(path);
  const packages = (await (await page.request.get('/api/packages.php', { headers: XHR })).json()) as {
    packages: { id: number }[];
    methods: string[];
  };
  expect(packages.methods).toContain('sct');
  const created = await page.request.post('/api/order.php', {
    headers: { ...XHR, 'Idempotency-Key': `receipt-${locale}-${Date.now()}` },
    data: { package_id: packages.packages[0]!.id, method: 'sct' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: { id: number; payment_id: string } };
  const paid = await page.request.post(`/pay/test/${order.payment_id}`, { form: { outcome: 'paid' } });
  expect(paid.status()).toBeLessThan(400);
  await page.goto(`/credits/${packages.packages[0]!.id}`);
  return page;
}

for (const locale of ['de', 'fi', 'pl']) {
  test(`receipt and method list wrap cleanly in ${locale}: no word broken, no label running into its value`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const page = await receiptIn(browser, locale, baseURL!);
    // The checkout's method list first (the page receiptIn left on).
    const methods = page
      .locator('ul')
      .filter({ has: page.locator('a[href*="/credits/"]') })
      .first();
    await expect(methods.getByRole('link').first()).toBeVisible();
    expect(await layoutFaults(methods)).toEqual([]);
    await testInfo.attach(`methods-${locale}`, { body: await page.screenshot(), contentType: 'image/png' });

    const orders = (await (await page.request.get('/api/orders.php', { headers: XHR })).json()) as {
      orders: { id: number }[];
    };
    await page.goto(`/transactions/${orders.orders[0]!.id}`);
    const receipt = page.locator('section.card').filter({ has: page.locator('dl') });
    await expect(receipt.locator('dd').first()).toBeVisible();
    await expect(receipt).toContainText(/tst_[0-9a-f]+/);
    expect(await layoutFaults(receipt.locator('dl'))).toEqual([]);
    expect(await overlappingRows(receipt)).toEqual([]);
    await receipt.scrollIntoViewIfNeeded();
    await testInfo.attach(`receipt-${locale}`, { body: await page.screenshot(), contentType: 'image/png' });
    await page.context().close();
  });
}
