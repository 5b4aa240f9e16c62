import { test, expect } from '../../support/fixtures';
import { birthdate, newMember, sessionUser } from '../../support/account';
import { readMailbox } from '../../support/mailbox';
import { XHR } from '../../support/site';

// The activation reminder of docs/product/routes-and-layouts.md appears for a member who signed up and has not clicked
// the link yet; after completing signup through the api it is a modal; "send again" really mails a new link.
test('a new member sees the activation reminder, as a modal after completing signup, and can get a new link', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const member = newMember('remind');
  const signup = await page.request.post('/api/signup.php', {
    headers: XHR,
    data: {
      name: member.name,
      gender: 'male',
      seeking: 'female',
      date_of_birth: birthdate(29),
      email: member.email,
      password: member.password,
      locale: 'nl',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const signedUpAt = Date.now();
  expect(await sessionUser(page.request)).toMatchObject({
    status: 'not_confirmed',
    profile: { status: 'disabled' },
  });

  // The alert in the default layout, with the address; not on the notification settings.
  await page.goto('/members');
  const alert = page.getByTestId('activation-reminder');
  await expect(alert).toContainText(`We hebben een activatielink naar ${member.email} gestuurd.`);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0);

  // Completing the signup steps through the api page: the reminder becomes a modal.
  await page.goto('/complete-signup');
  for (let step = 0; step < 4; step++) await page.getByRole('button', { name: 'Overslaan' }).click();
  await page.getByRole('button', { name: 'Begin met zoeken' }).click();
  await expect(page).toHaveURL(/\/members$/);
  const modal = page.getByRole('dialog', { name: 'Bevestig je e-mailadres' });
  await expect(modal).toContainText(member.email);

  // Within a minute of the first mail the server refuses a new one, and the modal says why.
  await modal.getByRole('button', { name: 'Link opnieuw versturen' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Te veel verzoeken, probeer het zo opnieuw.');
  expect(
    (await readMailbox(page.request, member.email)).filter((m) => m.template === 'activation'),
  ).toHaveLength(1);

  // After that minute "send again" mails a new link.
  await page.waitForTimeout(Math.max(0, signedUpAt + 61_000 - Date.now()));
  await modal.getByRole('button', { name: 'Link opnieuw versturen' }).click();
  await expect(modal.getByRole('button', { name: 'Er is een nieuwe link onderweg.' })).toBeDisabled();
  await expect
    .poll(
      async () =>
        (await readMailbox(page.request, member.email)).filter((m) => m.template === 'activation').length,
    )
    .toBe(2);
});
