import { test, expect } from '../../support/fixtures';
import { createActiveMember, sessionUser } from '../../support/account';
import { waitForLink } from '../../support/mailbox';
import { loginForm, loginViaForm } from '../../support/site';

test('a member who forgot the password resets it with the mailed link; the link works once', async ({
  page,
  request,
}) => {
  // `request` is another device where the member is still logged in.
  const member = await createActiveMember(request, 'reset');
  const newPassword = `${member.password}-new`;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('E-mailadres').fill(`nobody-${member.email}`);
  await page.getByRole('button', { name: 'Stuur de link' }).click();
  await expect(page.getByText('E-mailadres niet gevonden')).toBeVisible();
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByRole('button', { name: 'Stuur de link' }).click();
  await expect(page.getByText(`We hebben een e-mail gestuurd naar ${member.email}`)).toBeVisible();

  const reset = await waitForLink(page.request, member.email, '/reset-password/do');
  await page.goto(reset.path);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(newPassword);
  await page.getByLabel('Herhaal nieuw wachtwoord').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('De opgegeven wachtwoorden zijn niet gelijk.')).toBeVisible();
  await page.getByLabel('Herhaal nieuw wachtwoord').fill(newPassword);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Je wachtwoord is gewijzigd. Je kunt nu inloggen.')).toBeVisible();

  // A reset ends the member's other sessions.
  expect(await sessionUser(request)).toBe(false);

  // The link is single use.
  await page.goto(reset.path);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(`${newPassword}2`);
  await page.getByLabel('Herhaal nieuw wachtwoord').fill(`${newPassword}2`);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Link verlopen of invalide, vraag een nieuwe e-mail aan')).toBeVisible();

  // The old password no longer works, the new one does.
  await page.goto('/login');
  const form = loginForm(page);
  await form.getByLabel('E-mailadres').fill(member.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(form.getByText('Login mislukt, probeer opnieuw')).toBeVisible();
  await loginViaForm(page, { email: member.email, password: newPassword });
});
