import { test, expect } from '../../support/fixtures';
import { birthdate, newMember } from '../../support/account';
import { getJson } from '../../support/site';

// Signup step 0 (SPEC §4): a visitor who wants to write to a profile signs up with that first message; once the
// account exists the message is sent like any other, paid from the signup bonus.
test('a visitor writes to a profile from its chat entry, signs up, and the message is sent from the bonus', async ({
  page,
}) => {
  const member = newMember('chat-step0');
  const { profiles } = await getJson<{ profiles: { id: number; name: string }[] }>(
    page.request,
    '/api/members.php?numResults=1',
  );
  const target = profiles[0]!;

  await page.goto(`/members/${target.id}/chat`);
  await expect(
    page.getByText(`Maak gratis een profiel aan en stuur ${target.name} je eerste bericht.`),
  ).toBeVisible();
  await page.getByRole('button', { name: `Stuur ${target.name} een bericht` }).click();
  const modal = page.getByTestId('signup-modal');
  const form = modal.getByRole('form', { name: 'Maak je account aan' });
  await form.getByLabel(`Je bericht aan ${target.name}`).fill('Hoi! Ik zag je profiel, zin in een praatje?');
  await form.getByLabel('Profielnaam').fill(member.name);
  await form.getByRole('group', { name: 'Ik ben een' }).getByLabel('Man').check();
  await form.getByRole('group', { name: 'Ik zoek een' }).getByLabel('Vrouw').check();
  await form.getByLabel('Geboortedatum').fill(birthdate(33));
  await form.getByLabel('E-mailadres').fill(member.email);
  await form.getByLabel('Wachtwoord').fill(member.password);
  await form.getByRole('button', { name: 'Aanmelden en bericht versturen' }).click();
  await expect(modal.getByText('Stap 2 van 5')).toBeVisible();

  // On the server: the message to that profile, paid once from the signup bonus (10 − 5).
  const sent = await getJson<{ messages: { text: string; from_me: boolean }[] }>(
    page.request,
    `/api/messages.php?member=${target.id}`,
  );
  expect(sent.messages).toMatchObject([
    { text: 'Hoi! Ik zag je profiel, zin in een praatje?', from_me: true },
  ]);
  const me = await getJson<{ user: { credits: number } }>(page.request, '/api/user.php');
  expect(me.user.credits).toBe(5);
});
