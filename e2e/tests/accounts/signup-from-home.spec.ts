import { test, expect } from '../../support/fixtures';
import { birthdate, fillBirthdate, newMember } from '../../support/account';

// The home lander's call to action opens the signup modal; once the account exists (step 1 of 5) the member is
// logged in, and the modal's optional steps must carry on where they are, on the page where they started.
test('signup from the home lander’s modal keeps its steps after the account is created', async ({ page }) => {
  const member = newMember('home');
  await page.goto('/');
  await page.getByRole('button', { name: 'Gratis aanmelden' }).first().click();
  const modal = page.getByTestId('signup-modal');
  const form = modal.getByRole('form', { name: 'Maak je account aan' });
  await form.getByLabel('Profielnaam').fill(member.name);
  await fillBirthdate(form, birthdate(29));
  await form.getByLabel('E-mailadres').fill(member.email);
  await form.getByLabel('Wachtwoord').fill(member.password);
  const signup = page.waitForRequest(
    (request) => request.url().endsWith('/api/signup.php') && request.method() === 'POST',
  );
  await form.getByRole('button', { name: 'Account aanmaken' }).click();
  // The modal says where it was opened; the signup carries it for the server to record (users.signup_source).
  const sent = await signup;
  expect(sent.postDataJSON()).toMatchObject({ email: member.email, source: 'home' });
  expect((await sent.response())?.status()).toBe(201);

  await expect(modal.getByText('Stap 2 van 5')).toBeVisible();
  for (const next of ['Stap 3 van 5', 'Stap 4 van 5', 'Stap 5 van 5']) {
    await modal.getByRole('button', { name: 'Overslaan' }).click();
    await expect(modal.getByText(next)).toBeVisible();
  }
  await modal.getByRole('button', { name: 'Overslaan' }).click();
  await expect(modal.getByRole('heading', { name: 'Bevestig je e-mailadres' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  // Closing the modal ends the wait: the home page is a visitor's, members go to /members (docs/adr/0023).
  await modal.getByRole('button', { name: 'Begin met zoeken' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/members');
});
