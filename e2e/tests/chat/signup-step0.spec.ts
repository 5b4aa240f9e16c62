import { birthdate, fillBirthdate, createActiveMember, newMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { getJson, skipEntryWarning } from '../../support/site';

// Signup step 0: a visitor writes to a member from the member's chat entry, signs up in the modal
// with that message, and the server sends it once the account exists, paid from the signup bonus.

interface Messages {
  conversation: { id: number };
  messages: { text: string | null; from_me: boolean }[];
}
interface Settings {
  signup_credits: number;
  message_credits: number;
}

test('a visitor writes on a member’s chat page, signs up in the modal, and the message is sent from the bonus', async ({
  browser,
}) => {
  const bContext = await browser.newContext();
  await skipEntryWarning(bContext);
  const bPage = await bContext.newPage();
  const b = await createActiveMember(bPage.request, 'step0-b');
  const bId = (await getJson<{ user: { profile: { id: number } } }>(bPage.request, '/api/user.php')).user
    .profile.id;

  const context = await browser.newContext();
  await skipEntryWarning(context);
  const page = await context.newPage();
  const visitor = newMember('step0-visitor');

  // Not sent to /login: the member's chat page with a composer.
  await page.goto(`/members/${bId}/chat`);
  await expect(page).toHaveURL(new RegExp(`/members/${bId}/chat$`));
  await expect(
    page.getByText(`Maak gratis een profiel aan en stuur ${b.name} je eerste bericht.`),
  ).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Bericht' });
  await composer.fill('Hoi! Je profiel sprak me meteen aan.');
  await composer.press('Enter');

  // The signup modal knows whom the visitor writes to and keeps the text.
  const modal = page.getByTestId('signup-modal');
  const message = modal.getByLabel(`Je bericht aan ${b.name}`);
  await expect(message).toHaveValue('Hoi! Je profiel sprak me meteen aan.');
  const form = modal.getByRole('form', { name: 'Maak je account aan' });
  await form.getByLabel('Profielnaam').fill(visitor.name);
  await fillBirthdate(form, birthdate(31));
  await form.getByLabel('E-mailadres').fill(visitor.email);
  await form.getByLabel('Wachtwoord').fill(visitor.password);
  await form.getByRole('button', { name: 'Aanmelden en bericht versturen' }).click();
  await expect(modal.getByText('Stap 2 van 5')).toBeVisible();

  // The server: the message is in the conversation with B, paid from the signup bonus (one message's price).
  const settings = await getJson<Settings>(page.request, '/api/settings.php');
  const mine = await getJson<Messages>(page.request, `/api/messages.php?member=${bId}`);
  expect(mine.messages).toEqual([
    expect.objectContaining({ text: 'Hoi! Je profiel sprak me meteen aan.', from_me: true }),
  ]);
  const me = await getJson<{ user: { credits: number; profile: { id: number } } }>(
    page.request,
    '/api/user.php',
  );
  expect(me.user.credits).toBe(settings.signup_credits - settings.message_credits);
  const atB = await getJson<Messages>(bPage.request, `/api/messages.php?member=${me.user.profile.id}`);
  expect(atB.conversation.id).toBe(mine.conversation.id);
  expect(atB.messages).toEqual([
    expect.objectContaining({ text: 'Hoi! Je profiel sprak me meteen aan.', from_me: false }),
  ]);

  // The new member finishes (or skips) the steps and is in that conversation.
  for (const next of ['Stap 3 van 5', 'Stap 4 van 5', 'Stap 5 van 5']) {
    await modal.getByRole('button', { name: 'Overslaan' }).click();
    await expect(modal.getByText(next)).toBeVisible();
  }
  await modal.getByRole('button', { name: 'Overslaan' }).click();
  await expect(modal.getByRole('heading', { name: 'Bevestig je e-mailadres' })).toBeVisible();
  await modal.getByRole('button', { name: 'Begin met zoeken' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/members/${bId}/chat$`));
  const list = page.getByRole('list', { name: `Berichten met ${b.name}` });
  await expect(list.getByRole('listitem').last()).toContainText(
    /Hoi! Je profiel sprak me meteen aan\..*(verzonden|gelezen)/,
  );
  await context.close();
  await bContext.close();
});

test('the profile signup entry opens the modal for a first message to that member, sent once signed up', async ({
  browser,
  page,
}) => {
  const bContext = await browser.newContext();
  const b = await createActiveMember(bContext.request, 'step0-entry');
  const bId = (await getJson<{ user: { profile: { id: number } } }>(bContext.request, '/api/user.php')).user
    .profile.id;
  const visitor = newMember('step0-entry-visitor');
  await page.goto(`/members/${bId}/signup`);
  const modal = page.getByTestId('signup-modal');
  await modal.getByLabel(`Je bericht aan ${b.name}`).fill('Hallo vanaf je pagina!');
  const form = modal.getByRole('form', { name: 'Maak je account aan' });
  await form.getByLabel('Profielnaam').fill(visitor.name);
  await fillBirthdate(form, birthdate(27));
  await form.getByLabel('E-mailadres').fill(visitor.email);
  await form.getByLabel('Wachtwoord').fill(visitor.password);
  await form.getByRole('button', { name: 'Aanmelden en bericht versturen' }).click();
  await expect(modal.getByText('Stap 2 van 5')).toBeVisible();
  const mine = await getJson<Messages>(page.request, `/api/messages.php?member=${bId}`);
  expect(mine.messages).toEqual([expect.objectContaining({ text: 'Hallo vanaf je pagina!', from_me: true })]);
  await bContext.close();
});
