import { createActiveMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { checkout, readSmsCode, serverUser } from '../../support/payments';

test.describe('repeat order and direct debit', () => {
  test('after a card payment, one click on /credits/repeat-order buys the package again', async ({
    page,
  }) => {
    await createActiveMember(page.request, 'repeat');
    await page.goto('/credits');
    await checkout(page, 'Creditcard', 0);
    await page.getByRole('button', { name: 'Betaald', exact: true }).click();
    await expect(page.getByText('Betaling geslaagd')).toBeVisible();
    const afterFirst = await serverUser(page.request);

    await page.goto('/credits/repeat-order');
    await expect(page.getByText('Betaald met Creditcard')).toBeVisible();
    const credits = Number((await page.getByRole('article').getAttribute('aria-label'))!.match(/\d+/)![0]);
    await page.getByRole('button', { name: 'Nu opnieuw kopen' }).click();
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    await expect(page.getByText('Betaling geslaagd')).toBeVisible();
    expect((await serverUser(page.request)).credits).toBe(afterFirst.credits + credits);
  });

  test('a declined recurring card payment offers a retry or PayPal', async ({ page }) => {
    await createActiveMember(page.request, 'declined');
    await page.goto('/credits');
    await checkout(page, 'Creditcard', 0);
    await page.getByRole('button', { name: 'Betaald (latere afschrijvingen geweigerd)' }).click();
    await expect(page.getByText('Betaling geslaagd')).toBeVisible();
    const before = await serverUser(page.request);

    await page.goto('/credits/repeat-order');
    await page.getByRole('button', { name: 'Nu opnieuw kopen' }).click();
    await expect(
      page.getByText(
        'De herhaalbetaling met je creditcard is mislukt. Probeer het opnieuw of betaal met PayPal.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opnieuw proberen' })).toBeVisible();
    await page.getByRole('link', { name: 'Betalen met PayPal' }).click();
    await expect(page).toHaveURL(/\/credits\/\d+\/paypal$/);
    await expect(page.getByRole('link', { name: 'PayPal' })).toHaveAttribute('aria-current', 'true');
    expect(await serverUser(page.request)).toEqual(before);
  });

  test('direct debit with the SMS code from the outbox: a wrong code first, then paid', async ({ page }) => {
    await createActiveMember(page.request, 'sdd');
    const before = await serverUser(page.request);
    // A Dutch mobile number (06-1…: 06-6… and 06-9… are not mobile ranges), unique per run.
    const phone = `+3161${String(Date.now()).slice(-7)}`;
    await page.goto('/credits');
    await page.getByRole('article').first().getByRole('link', { name: 'Kiezen' }).click();
    // The package page shows one article: read it only once the list of four has been left. The address changes
    // first; the list stays on screen until the package page is loaded (a pending navigation keeps the old page).
    await expect(page).toHaveURL(/\/credits\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Jouw pakket' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    const credits = Number((await page.getByRole('article').getAttribute('aria-label'))!.match(/\d+/)![0]);
    await page.getByRole('link', { name: 'Automatische incasso' }).click();
    await page.getByRole('link', { name: 'Verder met automatische incasso' }).click();
    await expect(page).toHaveURL(/\/directdebit\?package=\d+$/);

    await page.getByLabel('Rekeninghouder').fill('E2e Jansen');
    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
    await page.getByLabel('Straat').fill('Dorpsstraat');
    await page.getByLabel('Huisnummer').fill('12');
    await page.getByLabel('Postcode').fill('1234 AB');
    await page.getByLabel('Woonplaats').fill('Utrecht');
    await page.getByLabel('Mobiel nummer').fill(phone);
    await page.getByRole('button', { name: 'Stuur mij een code per sms' }).click();
    await expect(page.getByText('We hebben een code naar je telefoon gestuurd.')).toBeVisible();
    const code = await readSmsCode(page.request, phone);

    // The mandate checkbox is required, and a wrong code is refused.
    await page.getByLabel('Sms-code').fill(code);
    await page.getByRole('button', { name: 'Betaling bevestigen' }).click();
    await expect(page.getByText('Geef toestemming voor de incasso om verder te gaan.')).toBeVisible();
    await page.getByLabel(/Ik geef toestemming/).check();
    await page.getByLabel('Sms-code').fill(code === '123456' ? '654321' : '123456');
    await page.getByRole('button', { name: 'Betaling bevestigen' }).click();
    await expect(page.getByText('Code ongeldig', { exact: true })).toBeVisible();

    await page.getByLabel('Sms-code').fill(code);
    await page.getByRole('button', { name: 'Betaling bevestigen' }).click();
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    await expect(page.getByText('Betaling geslaagd')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Betaalbewijs' })).toContainText('Automatische incasso');
    expect(await serverUser(page.request)).toEqual({
      ...before,
      credits: before.credits + credits,
      paid_user: true,
    });
  });
});
