import { test, expect } from '../../support/fixtures';
import { createActiveMember, logoutViaMenu } from '../../support/account';
import { lastMailId, readMailbox, uniqueEmail, waitForLink } from '../../support/mailbox';
import { loginForm, loginViaForm } from '../../support/site';

test('a member changes the email address, confirmed from a link sent to the new address', async ({
  page,
}) => {
  const member = await createActiveMember(page.request, 'mail');
  const newEmail = uniqueEmail('mail-new');
  const oldBefore = await lastMailId(page.request, member.email);

  await page.goto('/profile?tab=account');
  const section = page.getByRole('region', { name: 'E-mailadres wijzigen' });
  await expect(section.getByText(`Je huidige e-mailadres: ${member.email}`)).toBeVisible();
  await section.getByLabel('Nieuw e-mailadres').fill('not-an-address');
  await section.getByRole('button', { name: 'Bevestigingslink sturen' }).click();
  await expect(section.getByText('Nieuw e-mailadres invalide.')).toBeVisible();

  await section.getByLabel('Nieuw e-mailadres').fill(newEmail);
  await section.getByLabel('Wachtwoord').fill(member.password);
  await section.getByRole('button', { name: 'Bevestigingslink sturen' }).click();
  await expect(section.getByText(`We hebben een bevestigingslink gestuurd naar ${newEmail}`)).toBeVisible();

  // The change completes with the link sent to the new address; the old address is told.
  const confirm = await waitForLink(page.request, newEmail, '/mail-change/do');
  await page.goto(confirm.path);
  await expect(page.getByText(`Je e-mailadres is gewijzigd in ${newEmail}.`)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await readMailbox(page.request, member.email)).filter((mail) => mail.id > oldBefore).length,
      {
        message: `a notice to the old address ${member.email}`,
      },
    )
    .toBeGreaterThan(0);

  // The new address is the login from now on; the old one is not.
  await page.goto('/members');
  await logoutViaMenu(page);
  await page.goto('/login');
  const form = loginForm(page);
  await form.getByLabel('E-mailadres').fill(member.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(form.getByText('Login mislukt, probeer opnieuw')).toBeVisible();
  await loginViaForm(page, { email: newEmail, password: member.password });
});
