import { test, expect } from '../../support/fixtures';
import { createActiveMember, sessionUser } from '../../support/account';
import { waitForLink } from '../../support/mailbox';
import { loginForm, loginViaForm } from '../../support/site';

test('a member deletes the account and reactivates it with the mailed link', async ({ page }) => {
  const member = await createActiveMember(page.request, 'delete');

  await page.goto('/profile?tab=account');
  const section = page.getByRole('region', { name: 'Account verwijderen' });
  await section.getByRole('button', { name: 'Ik wil mijn account verwijderen' }).click();
  // The alternatives come first (docs/product/README.md: deletion with alternatives and reasons).
  await expect(section.getByText('Liever iets anders?')).toBeVisible();
  await section.getByRole('button', { name: 'Account verwijderen' }).click();
  await expect(section.getByText('Kies een reden.')).toBeVisible();
  await section.getByLabel('Ik gebruik de site niet meer').check();
  await section.getByLabel('Wachtwoord').fill(member.password);
  await section.getByRole('button', { name: 'Account verwijderen' }).click();

  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByText(/Je account is verwijderd\./)).toBeVisible();
  expect(await sessionUser(page.request)).toBe(false);

  // A deleted account cannot log in.
  await page.goto('/login');
  const form = loginForm(page);
  await form.getByLabel('E-mailadres').fill(member.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The reactivation link from the mailbox restores it and logs the member in.
  const reactivation = await waitForLink(page.request, member.email, '/account-deleted');
  await page.goto(reactivation.path);
  await expect(page.getByText('Welkom terug! Je account is weer actief.')).toBeVisible();
  expect(await sessionUser(page.request)).toBeTruthy();
  await page.getByRole('link', { name: 'Naar de leden' }).click();
  await expect(page).toHaveURL(/\/members$/);

  // The password still works after reactivation.
  await page.context().clearCookies();
  await loginViaForm(page, member);
});
