import { createActiveMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { checkout, serverUser } from '../../support/payments';
import { getJson } from '../../support/site';

test.describe('buying credits through the built-in test provider', () => {
  test('the chat’s buy button: time bonus applied, paid at the test checkout, credits and premium, back to the chat', async ({
    page,
    consoleErrors,
  }) => {
    await createActiveMember(page.request, 'buy');
    const before = await serverUser(page.request);
    expect(before.paid_user).toBe(false);

    // Bought from the chat with a seeded member (the conversation the member is about to start: a new member has
    // none yet, and another member's conversation id would rightly answer 404).
    const { profiles } = await getJson<{ profiles: { id: number }[] }>(page.request, '/api/members.php');
    const chatPath = `/members/${profiles[0]!.id}/chat`;
    await page.goto(`/credits?return=${chatPath}`);
    // A new member: the time bonus (docs/product/credits-and-payments.md) is the active discount, shown as old and new price.
    await expect(page.getByText('Tijdsbonus: 25% korting')).toBeVisible();
    const card = page.getByRole('article').nth(1);
    const credits = Number((await card.getAttribute('aria-label'))!.match(/\d+/)![0]);
    const price = (await card.getByTestId('price').textContent())!;
    await checkout(page, 'iDEAL');
    // The provider was asked for exactly the discounted price the card showed (the server priced it).
    await expect(page.locator('dd strong')).toHaveText(price);

    await page.getByRole('button', { name: 'Betaald', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/\\d+\\?return=${encodeURIComponent(chatPath)}$`));
    await expect(page.getByText('Betaling geslaagd')).toBeVisible();
    await expect(page.getByText(`${credits} credits zijn aan je account toegevoegd.`)).toBeVisible();
    await expect(page.getByText(/Je bent nu Premium-lid/)).toBeVisible();
    await expect(page.getByText('TIMEBONUS25', { exact: false })).toBeVisible();

    const after = await serverUser(page.request);
    expect(after).toEqual({ ...after, paid_user: true, credits: before.credits + credits });
    // Premium members see the credits link in the navigation instead of Get Premium.
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: /Credits/ })
        .first(),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Terug naar waar je was' }).click();
    await expect(page).toHaveURL(new RegExp(`${chatPath}$`));

    // Every order in the transactions, with its receipt and the company's VAT number.
    await page.goto('/transactions');
    const row = page.getByRole('row').nth(1);
    await expect(row).toContainText(String(credits));
    await expect(row).toContainText('iDEAL');
    await expect(row).toContainText('Betaald');
    await row.getByRole('link').click();
    await expect(page.getByRole('region', { name: 'Betaalbewijs' })).toContainText(/Btw-nummer NL\d+B\d+/);
    expect(consoleErrors).toEqual([]);
  });

  test('failed and cancelled payments: Betaling mislukt, Betaling geannuleerd, nothing credited', async ({
    page,
  }) => {
    await createActiveMember(page.request, 'fail');
    const before = await serverUser(page.request);
    for (const [outcome, text] of [
      ['Mislukt', 'Betaling mislukt'],
      ['Geannuleerd', 'Betaling geannuleerd'],
    ] as const) {
      await page.goto('/credits');
      await checkout(page, 'Creditcard', 0);
      await page.getByRole('button', { name: outcome, exact: true }).click();
      await expect(page).toHaveURL(/\/transactions\/\d+$/);
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Opnieuw betalen' })).toBeVisible();
    }
    expect(await serverUser(page.request)).toEqual(before);
  });

  test('a payment left pending shows the waiting state until the provider settles it', async ({ page }) => {
    await createActiveMember(page.request, 'pending');
    await page.goto('/credits');
    await checkout(page, 'iDEAL', 0);
    const paymentUrl = page.url();
    await page.getByRole('button', { name: 'Nog in behandeling laten' }).click();
    await expect(page.getByText('We wachten op de bevestiging van je betaling…')).toBeVisible();
    // The payer finishes at the provider later (another tab); the return page's polling picks it up.
    const other = await page.context().newPage();
    await other.goto(paymentUrl);
    await other.getByRole('button', { name: 'Betaald', exact: true }).click();
    await other.close();
    await expect(page.getByText('Betaling geslaagd')).toBeVisible();
  });
});
