import { test, expect } from '../../support/fixtures';
import {
  accountMenu,
  birthdate,
  fillBirthdate,
  logoutViaMenu,
  newMember,
  sessionUser,
} from '../../support/account';
import { gradientPng } from '../../support/images';
import { waitForLink } from '../../support/mailbox';
import { getJson, loginViaForm } from '../../support/site';

test('a visitor signs up in the signup modal, activates from the mailbox, logs in, edits the profile, uploads a photo and logs out', async ({
  page,
}) => {
  const member = newMember('signup');

  // The profile-based signup entry of a lander (`/members/{id}/signup`) opens the shell's signup modal with
  // mf-account's SignupForm. (The home lander's entry is signup-from-home.spec.ts.)
  const { profiles } = await getJson<{ profiles: { id: number }[] }>(
    page.request,
    '/api/members.php?numResults=1',
  );
  await page.goto(`/members/${profiles[0]!.id}/signup`);
  const modal = page.getByTestId('signup-modal');
  const form = modal.getByRole('form', { name: 'Maak je account aan' });
  await form.getByLabel('Profielnaam').fill(member.name);
  await form.getByRole('group', { name: 'Ik ben een' }).getByLabel('Man').check();
  await form.getByRole('group', { name: 'Ik zoek een' }).getByLabel('Vrouw').check();
  await fillBirthdate(form, birthdate(31));
  await form.getByLabel('E-mailadres').fill(member.email);
  await form.getByLabel('Wachtwoord').fill(member.password);
  await form.getByRole('button', { name: 'Account aanmaken' }).click();

  // Steps 1–4 (photo, location, personal info, about me) are optional; signup is in progress, so Escape does
  // not close the modal (docs/product/routes-and-layouts.md).
  await expect(modal.getByText('Stap 2 van 5')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  for (const next of ['Stap 3 van 5', 'Stap 4 van 5', 'Stap 5 van 5']) {
    await modal.getByRole('button', { name: 'Overslaan' }).click();
    await expect(modal.getByText(next)).toBeVisible();
  }
  await modal.getByRole('button', { name: 'Overslaan' }).click();
  await expect(modal.getByRole('heading', { name: 'Bevestig je e-mailadres' })).toBeVisible();
  await expect(modal.getByText(member.email)).toBeVisible();
  expect(await sessionUser(page.request)).toMatchObject({ status: 'not_confirmed' });
  await modal.getByRole('button', { name: 'Begin met zoeken' }).click();
  await expect(modal).toHaveCount(0);

  // The activation link from the mailbox confirms the account.
  const activation = await waitForLink(page.request, member.email, '/activate/done');
  await page.goto(activation.path);
  await expect(page.getByText('Je account is geactiveerd. Veel plezier!')).toBeVisible();
  const activated = await sessionUser(page.request);
  expect(activated && activated.status).not.toBe('not_confirmed');

  // Log out and back in with the new credentials.
  await logoutViaMenu(page);
  await loginViaForm(page, member);

  // Edit the profile: the change is saved on the server and still there after a reload.
  await accountMenu(page).click();
  await page.getByRole('banner').getByRole('link', { name: 'Mijn profiel' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const details = page.getByRole('region', { name: 'Profielgegevens' });
  const about = `Houdt van fietsen en koffie (${member.email.slice(4, 14)})`;
  await details.getByLabel('Over mij').fill(about);
  await details.getByLabel('Haarkleur').selectOption({ label: 'Blond' });
  await details.getByRole('button', { name: 'Profiel opslaan' }).click();
  await expect(details.getByText('Je profiel is opgeslagen.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profielgegevens' }).getByLabel('Over mij')).toHaveValue(
    about,
  );
  await expect(page.getByRole('region', { name: 'Profielgegevens' }).getByLabel('Haarkleur')).toHaveValue(
    'blond',
  );

  // Upload a photo (the profile page's photos section): it is listed, waiting for inspection, and counts
  // against the free limit.
  await page.getByRole('link', { name: "Foto's", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\?tab=photos$/);
  const photos = page.getByRole('region', { name: "Foto's" });
  await expect(photos.getByText("Je hebt nog geen foto's.")).toBeVisible();
  await photos.getByLabel('Kies een foto (JPG, PNG of WebP)').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: gradientPng(),
  });
  await expect(photos.getByRole('img', { name: 'Voorbeeld van de gekozen foto' })).toBeVisible();
  await photos.getByRole('button', { name: 'Foto uploaden' }).click();
  await expect(photos.getByText('Foto wordt gecontroleerd')).toBeVisible();
  await expect(photos.getByText("1 van 3 foto's")).toBeVisible();
  await expect(photos.getByRole('img', { name: 'Jouw foto' })).toBeVisible();

  await logoutViaMenu(page);
});
