import { newMember, birthdate } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { waitForLink } from '../../support/mailbox';
import { serverUser } from '../../support/payments';
import { XHR } from '../../support/site';

// Done when: a member can buy credits in any of the 11 languages. German, start to end.
test.use({ locale: 'de-DE' });

test('a German member buys credits: German packages, checkout, test provider, return page and receipt', async ({
  page,
  consoleErrors,
}) => {
  const member = newMember('de-buy');
  const signup = await page.request.post('/api/signup.php', {
    headers: XHR,
    data: {
      name: member.name,
      gender: 'male',
      seeking: 'female',
      date_of_birth: birthdate(35),
      email: member.email,
      password: member.password,
      locale: 'de',
    },
  });
  expect(signup.status()).toBe(201);
  const { path } = await waitForLink(page.request, member.email, '/activate/done');
  await page.goto(path);
  const before = await serverUser(page.request);

  await page.goto('/credits');
  await expect(page.getByRole('heading', { name: 'Credits kaufen' })).toBeVisible();
  await expect(page.getByText('Zeitbonus: 25% Rabatt')).toBeVisible();
  const card = page.getByRole('article').nth(1);
  const price = (await card.getByTestId('price').textContent())!;
  expect(price).toMatch(/^\d+,\d\d\s€$/);
  await card.getByRole('link', { name: 'Auswählen' }).click();
  await expect(page.getByText(/Widerrufsrecht von 14 Tagen/)).toBeVisible();
  await page.getByRole('link', { name: 'Kreditkarte', exact: true }).click();
  await page.getByRole('button', { name: 'Bezahlen' }).click();

  await expect(page.getByRole('heading', { name: 'Testzahlung' })).toBeVisible();
  await expect(page.locator('dd strong')).toHaveText(price);
  await page.getByRole('button', { name: 'Bezahlt', exact: true }).click();
  await expect(page.getByText('Zahlung erfolgreich')).toBeVisible();
  await expect(page.getByText(/Du bist jetzt Premium-Mitglied/)).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Beleg' });
  await expect(receipt).toContainText('Kreditkarte');
  await expect(receipt).toContainText(/USt-IdNr\. NL\d+B\d+/);

  const after = await serverUser(page.request);
  expect(after.paid_user).toBe(true);
  expect(after.credits).toBeGreaterThan(before.credits);
  expect(consoleErrors).toEqual([]);
});
