import { createActiveMember, newMember, sessionUser } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { focused, tabTo, typeInto } from '../../support/keyboard';
import { serverUser } from '../../support/payments';
import { getJson, loginViaApi } from '../../support/site';

// Keyboard only (docs/adr/0019-accessibility.md): every step is Tab, Shift+Tab, Enter, Escape or typing; nothing is clicked or
// filled. What the user relies on is asserted on the server.

test('keyboard: skip link, then signup through the signup modal (focus trapped, restored on Escape)', async ({
  page,
}) => {
  const member = newMember('keys');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The first Tab stop is the skip link; Enter puts the focus on the main landmark.
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveText('Naar de inhoud');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // The call to action opens the modal with the focus inside; Escape closes it and gives the focus back.
  const cta = page.getByRole('main').getByRole('button', { name: 'Gratis aanmelden' }).first();
  await tabTo(page, cta);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /aanmelden|account/i });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cta).toBeFocused();

  await page.keyboard.press('Enter');
  const form = page.getByTestId('signup-modal').getByRole('form', { name: 'Maak je account aan' });
  await typeInto(page, form.getByLabel('Profielnaam'), member.name);
  // Tab never leaves the dialog: more presses than it has controls come round to its first one again.
  for (let presses = 0; presses < 20; presses += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  // The date of birth: day, month and year selects in the page's order, each chosen by typing (type-ahead).
  const birthDate = form.getByRole('group', { name: 'Geboortedatum' });
  await typeInto(page, birthDate.getByLabel('Dag'), '6');
  await expect(birthDate.getByLabel('Dag')).toHaveValue('6');
  await typeInto(page, birthDate.getByLabel('Maand'), 'juni');
  await expect(birthDate.getByLabel('Maand')).toHaveValue('6');
  await typeInto(page, birthDate.getByLabel('Jaar'), '1990');
  await expect(birthDate.getByLabel('Jaar')).toHaveValue('1990');
  await typeInto(page, form.getByLabel('E-mailadres'), member.email);
  await typeInto(page, form.getByLabel('Wachtwoord'), member.password);
  const signup = page.waitForResponse(
    (r) => r.url().endsWith('/api/signup.php') && r.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  expect((await signup).status()).toBe(201);
  await expect(dialog.getByText('Stap 2 van 5')).toBeVisible();

  // The account exists and this browser is logged in to it.
  await expect
    .poll(async () => (await sessionUser(page.request)) || null)
    .toMatchObject({ email: member.email });
});

test('keyboard: search the members and open a profile', async ({ page }) => {
  await loginViaApi(page);
  // The first profile of the search the page itself makes (it starts from whom the member looks for).
  const search = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/members.php' && res.request().method() === 'GET',
  );
  await page.goto('/members');
  const { profiles } = (await (await search).json()) as { profiles: { id: number; name: string }[] };
  const first = profiles[0]!;
  await expect(page.getByRole('heading', { level: 1, name: 'Leden zoeken' })).toBeVisible();

  // Skip the navigation, then walk to the first profile card of the search answer.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(page, page.locator(`main a[href="/members/${first.id}"]`).first());
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/members/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first.name);
});

test('keyboard: open a conversation and send a message; the server has it', async ({ page }) => {
  await loginViaApi(page);
  const { chats } = await getJson<{ chats: { conversation: { id: number }; profile: { name: string } }[] }>(
    page.request,
    '/api/chats.php',
  );
  const chat = chats[0]!;
  const text = `Toetsenbord ${Date.now()}`;
  await page.goto('/chats');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // From 992 px the conversation list is the chat layout's sidebar.
  await tabTo(
    page,
    page.locator(`a[href="/chats/${chat.conversation.id}"]`).filter({ visible: true }).first(),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chats/${chat.conversation.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(chat.profile.name);

  await typeInto(page, page.getByRole('textbox', { name: 'Bericht' }), text);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: `Berichten met ${chat.profile.name}` })).toContainText(text);
  await expect
    .poll(async () => {
      const { messages } = await getJson<{ messages: { text: string | null; from_me: boolean }[] }>(
        page.request,
        `/api/messages.php?conversation=${chat.conversation.id}`,
      );
      return messages.some((message) => message.from_me && message.text === text);
    })
    .toBe(true);
});

test('keyboard: choose a package and pay at the test provider; the credits are on the account', async ({
  page,
}) => {
  await createActiveMember(page.request, 'keypay');
  const before = await serverUser(page.request);
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const card = page.getByRole('article').nth(1);
  const credits = Number((await card.getAttribute('aria-label'))!.match(/\d+/)![0]);
  await tabTo(page, card.getByRole('link', { name: 'Kiezen' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/credits\/\d+$/);
  await tabTo(page, page.getByRole('link', { name: 'iDEAL', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/credits\/\d+\/ideal$/);
  await tabTo(page, page.getByRole('button', { name: 'Betalen' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/pay\/test\/tst_[0-9a-f]+$/);
  await tabTo(page, page.getByRole('button', { name: 'Betaald', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/transactions\/\d+/);
  await expect(page.getByText('Betaling geslaagd')).toBeVisible();
  expect(await serverUser(page.request)).toMatchObject({
    paid_user: true,
    credits: before.credits + credits,
  });
});
