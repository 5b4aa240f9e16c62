import { test, expect } from '../../support/fixtures';
import { formatProblems } from '../../support/console';
import { expectMembersListed, membersAnswer } from '../../support/pages';
import { DEMO, loginForm } from '../../support/site';

test('logging in with the demo account at /login lands on /members with seeded profiles', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/login');
  const form = loginForm(page);
  await form.getByLabel('E-mailadres').fill(DEMO.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);

  // The profiles the members page asks the server for once the session exists.
  const members = membersAnswer(page);
  await form.getByRole('button', { name: 'Inloggen' }).click();

  await expect(page).toHaveURL(/\/members$/);
  await expectMembersListed(page, await members);

  // The session is real: the server knows the member on a fresh request.
  const me = await page.request.get('/api/user.php', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(((await me.json()) as { user: unknown }).user).toBeTruthy();

  expect(consoleErrors, formatProblems(consoleErrors)).toEqual([]);
});

test('a wrong password is refused with the spec’s message and the visitor stays on /login', async ({
  page,
}) => {
  await page.goto('/login');
  const form = loginForm(page);
  await form.getByLabel('E-mailadres').fill(DEMO.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(form.getByText('Login mislukt, probeer opnieuw')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
