import type { APIRequestContext, Page } from '@playwright/test';
import type { DevSignupAgeBody } from '@dating/shared/contract/dev';
import { birthdate, fillBirthdate, newMember, type NewMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { waitForLink } from '../../support/mailbox';
import { checkout, serverUser } from '../../support/payments';
import { XHR } from '../../support/site';

interface ServerOrder {
  id: number;
  status: string;
  credits: number;
  amount: { amount: number; currency: string };
  original_amount: { amount: number; currency: string };
  discount_code: string | null;
}

/** A visitor signs up in the home lander's modal, skips the optional steps and activates from the mailbox. */
async function signUpThroughSite(page: Page, flow: string): Promise<NewMember> {
  const member = newMember(flow);
  await page.goto('/');
  await page.getByRole('button', { name: 'Gratis aanmelden' }).first().click();
  const modal = page.getByTestId('signup-modal');
  const form = modal.getByRole('form', { name: 'Maak je account aan' });
  await form.getByLabel('Profielnaam').fill(member.name);
  await fillBirthdate(form, birthdate(33));
  await form.getByLabel('E-mailadres').fill(member.email);
  await form.getByLabel('Wachtwoord').fill(member.password);
  await form.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(modal.getByText('Stap 2 van 5')).toBeVisible();
  // Each step is on screen before its skip: a click that lands while the step changes can be lost.
  for (const next of ['Stap 3 van 5', 'Stap 4 van 5', 'Stap 5 van 5']) {
    await modal.getByRole('button', { name: 'Overslaan' }).click();
    await expect(modal.getByText(next)).toBeVisible();
  }
  await modal.getByRole('button', { name: 'Overslaan' }).click();
  await modal.getByRole('button', { name: 'Begin met zoeken' }).click();
  const activation = await waitForLink(page.request, member.email, '/activate/done');
  await page.goto(activation.path);
  await expect(page.getByText('Je account is geactiveerd. Veel plezier!')).toBeVisible();
  return member;
}

/** The member's orders as the server holds them (newest first). */
async function serverOrders(request: APIRequestContext): Promise<ServerOrder[]> {
  const response = await request.get('/api/orders.php', { headers: XHR });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { orders: ServerOrder[] }).orders;
}

/** What discountcode.php says about a code for this member right now. */
async function codeStatus(request: APIRequestContext, code: string): Promise<number> {
  const response = await request.get(`/api/discountcode.php?code=${encodeURIComponent(code)}`, {
    headers: XHR,
  });
  return response.status();
}

/** "€ 12,34" as minor units. */
const cents = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100;

test.describe('discounts for members who signed up through the site', () => {
  test('a fresh member: the time bonus shows old and new price, the provider and the order get the discounted amount', async ({
    page,
    consoleErrors,
  }) => {
    await signUpThroughSite(page, 'bonus');
    await page.goto('/credits');
    await expect(page.getByText('Tijdsbonus: 25% korting')).toBeVisible();
    await expect(page.getByText(/^Nog \d\d:\d\d:\d\d$/)).toBeVisible();
    const card = page.getByRole('article').nth(1);
    const oldPrice = (await card.locator('del').textContent())!;
    const newPrice = (await card.getByTestId('price').textContent())!;
    await expect(card).toContainText('−25%');
    expect(cents(newPrice)).toBe(Math.round(cents(oldPrice) * 0.75));

    await checkout(page, 'iDEAL');
    await expect(page.locator('dd strong')).toHaveText(newPrice);
    const [pending] = await serverOrders(page.request);
    expect(pending).toMatchObject({
      status: 'pending',
      discount_code: 'TIMEBONUS25',
      amount: { amount: cents(newPrice) },
      original_amount: { amount: cents(oldPrice) },
    });

    await page.getByRole('button', { name: 'Betaald', exact: true }).click();
    await expect(page.getByText('Betaling geslaagd')).toBeVisible();
    const [paid] = await serverOrders(page.request);
    expect(paid).toMatchObject({ id: pending!.id, status: 'completed', amount: { amount: cents(newPrice) } });
    expect(await serverUser(page.request)).toMatchObject({ paid_user: true });
    // Premium now: the time bonus is over, the packages show their normal price.
    await page.goto('/credits');
    await expect(page.getByRole('article').nth(1).getByTestId('price')).toHaveText(oldPrice);
    await expect(page.getByText('Tijdsbonus: 25% korting')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('past the time bonus: the welcome code typed at checkout, redeemed only when paid, then Code reeds gebruikt', async ({
    page,
  }) => {
    const member = await signUpThroughSite(page, 'welcome');
    // Signed up 5 hours ago: outside the 4-hour time bonus, inside the welcome code's 48 hours.
    const aged = await page.request.post('/dev/payments/signup-age.json', {
      data: { email: member.email, hours: 5 } satisfies DevSignupAgeBody,
    });
    expect(aged.status()).toBe(200);

    await page.goto('/credits');
    await expect(page.getByText('Welkomstkorting: 25% korting')).toBeVisible();
    await expect(page.getByText('Tijdsbonus: 25% korting')).toHaveCount(0);
    const code = (await page.getByText(/^Je code: /).textContent())!.replace('Je code: ', '').trim();
    expect(code).toMatch(/^WELCOME[0-9A-Z]+$/);
    const oldPrice = (await page.getByRole('article').nth(1).locator('del').textContent())!;

    // First attempt, typed by hand and cancelled at the provider: the code is not used up.
    await page.getByRole('article').nth(1).getByRole('link', { name: 'Kiezen' }).click();
    await page.getByRole('link', { name: 'Creditcard', exact: true }).click();
    await page.getByLabel('Kortingscode (optioneel)').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Betalen' }).click();
    await expect(page).toHaveURL(/\/pay\/test\/tst_[0-9a-f]+$/);
    const discounted = Math.round(cents(oldPrice) * 0.75);
    expect(cents((await page.locator('dd strong').textContent())!)).toBe(discounted);
    await page.getByRole('button', { name: 'Geannuleerd', exact: true }).click();
    await expect(page.getByText('Betaling geannuleerd', { exact: true })).toBeVisible();
    expect(await codeStatus(page.request, code)).toBe(200);

    // Second attempt with the code, paid: the order holds the discounted amount and the code is redeemed.
    await page.goto('/credits');
    await page.getByRole('article').nth(1).getByRole('link', { name: 'Kiezen' }).click();
    await page.getByRole('link', { name: 'Creditcard', exact: true }).click();
    const pay = page.getByRole('button', { name: 'Betalen' });
    const resting = (await pay.boundingBox())!.y;
    await page.getByLabel('Kortingscode (optioneel)').fill(code);
    // The typed code is the one already applied: said so, not compared with itself, and "Betalen" has not moved.
    await expect(page.getByTestId('code-status')).toHaveText(
      `Je korting ${code} (25% korting) is al verwerkt.`,
    );
    expect((await pay.boundingBox())!.y).toBe(resting);
    await pay.click();
    await expect(page).toHaveURL(/\/pay\/test\/tst_[0-9a-f]+$/);
    await page.getByRole('button', { name: 'Betaald', exact: true }).click();
    await expect(page.getByText('Betaling geslaagd')).toBeVisible();
    const [paid, cancelled] = await serverOrders(page.request);
    expect(paid).toMatchObject({
      status: 'completed',
      discount_code: code,
      amount: { amount: discounted },
      original_amount: { amount: cents(oldPrice) },
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', discount_code: code });
    expect(await codeStatus(page.request, code)).toBe(409);

    // Using it again: checked as it is typed (discountcode.php), the page says why beside the field; paying stays
    // possible at the full price shown (docs/adr/0033-discount-rule.md); no order is made by typing.
    await page.goto('/credits');
    await page.getByRole('article').nth(1).getByRole('link', { name: 'Kiezen' }).click();
    await page.getByRole('link', { name: 'Creditcard', exact: true }).click();
    await page.getByLabel('Kortingscode (optioneel)').fill(code);
    await expect(page.locator('#checkout-code-status')).toContainText('Code reeds gebruikt');
    await expect(page.getByRole('button', { name: 'Betalen' })).toBeEnabled();
    await expect(page).toHaveURL(/\/credits\/\d+\/creditcard$/);
    expect(await serverOrders(page.request)).toHaveLength(2);
  });
});

test('two tabs pay with one single-use code: only one order gets the discount, the other tab says why', async ({
  page,
  context,
}) => {
  const member = await signUpThroughSite(page, 'twotabs');
  const aged = await page.request.post('/dev/payments/signup-age.json', {
    data: { email: member.email, hours: 5 } satisfies DevSignupAgeBody,
  });
  expect(aged.status()).toBe(200);
  await page.goto('/credits');
  const code = (await page.getByText(/^Je code: /).textContent())!.replace('Je code: ', '').trim();
  const oldPrice = (await page.getByRole('article').nth(1).locator('del').textContent())!;

  // The same member in a second tab (same session), both at the checkout with the welcome code typed in.
  const second = await context.newPage();
  for (const tab of [page, second]) {
    await tab.goto('/credits');
    await tab.getByRole('article').nth(1).getByRole('link', { name: 'Kiezen' }).click();
    await tab.getByRole('link', { name: 'Creditcard', exact: true }).click();
    await tab.getByLabel('Kortingscode (optioneel)').fill(code);
  }
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/tst_[0-9a-f]+$/);
  await second.getByRole('button', { name: 'Betalen' }).click();
  // The code is reserved by the first tab's open order: refused, with the reason in the member's language.
  await expect(second.getByRole('alert')).toContainText(
    'Deze code wordt al gebruikt voor een andere betaling die nog openstaat.',
  );
  await expect(second).toHaveURL(/\/credits\/\d+\/creditcard$/);

  await page.getByRole('button', { name: 'Betaald', exact: true }).click();
  await expect(page.getByText('Betaling geslaagd')).toBeVisible();
  const orders = await serverOrders(page.request);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    status: 'completed',
    discount_code: code,
    amount: { amount: Math.round(cents(oldPrice) * 0.75) },
  });
  // Paid now: the second tab trying again is told the code was used.
  await second.getByRole('button', { name: 'Betalen' }).click();
  await expect(second.getByRole('alert')).toContainText('Code reeds gebruikt');
  expect(await serverOrders(page.request)).toHaveLength(1);
  await second.close();
});
