import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { createActiveMember, type NewMember } from '../../support/account';
import { checkout } from '../../support/payments';
import { DEMO, getJson, liveStreamAnswer, skipEntryWarning, XHR } from '../../support/site';

// Two members in two browser contexts (two people, two cookie jars). Delivery is asserted after a reload: the
// live channel is another part of the work, and these flows must hold without it.

interface Messages {
  conversation: { id: number };
  messages: { id: number; text: string | null; type: string; from_me: boolean; read_at: string | null }[];
}
interface Chats {
  chats: { conversation: { id: number }; profile: { id: number }; num_unread_messages: number }[];
}
interface Me {
  user: { profile: { id: number; name: string }; credits: number };
}

async function person(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL' });
  await skipEntryWarning(context);
  return { context, page: await context.newPage() };
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Bericht' });
const messagesWith = (page: Page, name: string) => page.getByRole('list', { name: `Berichten met ${name}` });

async function write(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

test('A writes to B from the profile; B sees the unread badge, reads and replies; A sees the reply and the read receipt; without credits A is led to buy them', async ({
  browser,
  baseURL,
}) => {
  const alice = await person(browser, baseURL);
  const bob = await person(browser, baseURL);
  const a: NewMember = await createActiveMember(alice.context.request, 'chat-a');
  const b: NewMember = await createActiveMember(bob.context.request, 'chat-b');
  const bId = (await getJson<Me>(bob.context.request, '/api/user.php')).user.profile.id;
  const aId = (await getJson<Me>(alice.context.request, '/api/user.php')).user.profile.id;

  // A starts the conversation from B's profile entry (`/members/{id}/chat`).
  await alice.page.goto(`/members/${bId}/chat`);
  await expect(alice.page.getByText(`Stuur ${b.name} een eerste bericht.`)).toBeVisible();
  await write(alice.page, 'Hoi! Zin in een kop koffie?');
  const aList = messagesWith(alice.page, b.name);
  await expect(aList.getByRole('listitem').last()).toContainText(/Hoi! Zin in een kop koffie\?.*verzonden/);
  await expect(composer(alice.page)).toHaveValue('');
  // Stored on the server, paid from the signup bonus (10 − 5).
  const stored = await getJson<Messages>(alice.context.request, `/api/messages.php?member=${bId}`);
  expect(stored.messages).toMatchObject([
    { text: 'Hoi! Zin in een kop koffie?', from_me: true, read_at: null },
  ]);
  const conversation = stored.conversation.id;
  expect((await getJson<Me>(alice.context.request, '/api/user.php')).user.credits).toBe(5);

  // B: the conversation list (beside the page from 992 px, the page itself on a phone) shows A, one unread.
  await bob.page.goto('/chats');
  const row = bob.page
    .getByRole('list', { name: 'Berichten' })
    .getByRole('listitem')
    .filter({ hasText: a.name });
  await expect(row.getByLabel('1 ongelezen berichten')).toHaveText('1');
  await row.getByRole('link').click();
  await expect(bob.page).toHaveURL(new RegExp(`/chats/${conversation}$`));
  await expect(messagesWith(bob.page, a.name)).toContainText('Hoi! Zin in een kop koffie?');
  // Opening it zeroed the count on the server.
  await expect
    .poll(async () => {
      const chats = await getJson<Chats>(bob.context.request, '/api/chats.php');
      return chats.chats.find((c) => c.conversation.id === conversation)?.num_unread_messages;
    })
    .toBe(0);

  // B replies. A has the conversation open: the live channel brings the reply there without a reload, and A's
  // open conversation reads it at once, so B's tick may already say read.
  await write(bob.page, 'Graag! Morgen om tien uur?');
  await expect(messagesWith(bob.page, a.name).getByRole('listitem').last()).toContainText(
    /Morgen om tien uur\?.*(verzonden|gelezen)/,
  );
  await expect(aList).toContainText('Graag! Morgen om tien uur?');
  await expect(messagesWith(bob.page, a.name).getByRole('listitem').last()).toContainText(
    /Morgen om tien uur\?.*gelezen/,
  );

  // A (after a reload too) sees the reply, and that B read A's message.
  await alice.page.goto(`/chats/${conversation}`);
  await expect(aList).toContainText('Graag! Morgen om tien uur?');
  await expect(aList.getByRole('listitem').first()).toContainText(/Hoi! Zin in een kop koffie\?.*gelezen/);
  const seenByA = await getJson<Messages>(
    alice.context.request,
    `/api/messages.php?conversation=${conversation}`,
  );
  expect(seenByA.messages[0]!.read_at).not.toBeNull();

  // The last 5 credits pay one more message; then 'Je hebt onvoldoende credits' with the way to buy more.
  await write(alice.page, 'Tot morgen!');
  // B still has the conversation open, so it may be read at once.
  await expect(aList.getByRole('listitem').last()).toContainText(/Tot morgen!.*(verzonden|gelezen)/);
  await write(alice.page, 'Nog één ding…');
  const alert = alice.page.getByRole('alert');
  await expect(alert).toContainText('Je hebt onvoldoende credits');
  await expect(aList.getByRole('listitem').last()).toContainText(/Nog één ding….*niet verzonden/);
  const after = await getJson<Messages>(
    alice.context.request,
    `/api/messages.php?conversation=${conversation}`,
  );
  expect(after.messages.filter((m) => m.from_me).map((m) => m.text)).toEqual([
    'Hoi! Zin in een kop koffie?',
    'Tot morgen!',
  ]);
  expect((await getJson<Me>(alice.context.request, '/api/user.php')).user.credits).toBe(0);
  await alert.getByRole('link', { name: 'Credits kopen' }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/credits\\?return=/chats/${conversation}$`));

  // B's side never saw the refused message.
  const atB = await getJson<Messages>(bob.context.request, `/api/messages.php?member=${aId}`);
  expect(atB.messages.map((m) => m.text)).toEqual([
    'Hoi! Zin in een kop koffie?',
    'Graag! Morgen om tien uur?',
    'Tot morgen!',
  ]);
  await alice.context.close();
  await bob.context.close();
});

test('a gift from the picker costs the gift price and the other member sees it', async ({
  browser,
  baseURL,
}) => {
  const giver = await person(browser, baseURL);
  const login = await giver.context.request.post('/api/user.php', { headers: XHR, form: { ...DEMO } });
  expect(login.status()).toBe(200);
  const receiver = await person(browser, baseURL);
  const b = await createActiveMember(receiver.context.request, 'chat-gift');
  const bId = (await getJson<Me>(receiver.context.request, '/api/user.php')).user.profile.id;
  const me = (await getJson<Me>(giver.context.request, '/api/user.php')).user;
  const price = (await getJson<{ gift_credits: number }>(giver.context.request, '/api/settings.php'))
    .gift_credits;
  expect(me.credits).toBeGreaterThanOrEqual(price);

  await giver.page.goto(`/members/${bId}/chat`);
  await giver.page.getByRole('button', { name: 'Cadeau sturen' }).click();
  const picker = giver.page.getByRole('dialog', { name: 'Kies een cadeau' });
  await picker.getByRole('button', { name: /Roos/ }).click();
  await expect(picker).toHaveCount(0);
  const list = messagesWith(giver.page, b.name);
  await expect(list.getByRole('listitem').last()).toContainText(/Cadeau: Roos.*verzonden/);
  await expect
    .poll(async () => (await getJson<Me>(giver.context.request, '/api/user.php')).user.credits)
    .toBe(me.credits - price);

  const atB = await getJson<Messages>(receiver.context.request, `/api/messages.php?member=${me.profile.id}`);
  expect(atB.messages).toMatchObject([{ type: 'gift', from_me: false }]);
  await receiver.page.goto(`/chats/${atB.conversation.id}`);
  const gift = messagesWith(receiver.page, me.profile.name).getByRole('listitem').last();
  await expect(gift).toContainText('Cadeau: Roos');
  // The image is the server's own SVG, loaded for real.
  await expect
    .poll(() => gift.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await giver.context.close();
  await receiver.context.close();
});

test('A writes while B has the site open: B’s badge, title and list follow live; B reads it and A’s tick turns read live', async ({
  browser,
  baseURL,
}) => {
  const alice = await person(browser, baseURL);
  const bob = await person(browser, baseURL);
  const a = await createActiveMember(alice.context.request, 'live-chat-a');
  const b = await createActiveMember(bob.context.request, 'live-chat-b');
  const bId = (await getJson<Me>(bob.context.request, '/api/user.php')).user.profile.id;

  // B is on the member search with the live channel up; nothing unread yet.
  const live = liveStreamAnswer(bob.page);
  await bob.page.goto('/members');
  expect((await live).status()).toBe(200);
  await bob.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const badge = bob.page.getByTestId('nav-messages-top');
  await expect(bob.page).not.toHaveTitle(/^\(\d+\)/);

  await alice.page.goto(`/members/${bId}/chat`);
  await write(alice.page, 'Ben je er?');
  const aList = messagesWith(alice.page, b.name);
  await expect(aList.getByRole('listitem').last()).toContainText(/Ben je er\?.*verzonden/);

  // B's page, without a reload: the unread badge and the title prefix.
  await expect(badge.getByLabel('Ongelezen berichten: 1')).toHaveText('1');
  await expect(bob.page).toHaveTitle(/^\(1\) /);
  const unread = await getJson<Chats>(bob.context.request, '/api/chats.php');
  expect(unread.chats.map((c) => c.num_unread_messages)).toEqual([1]);

  // B opens the messages from the navigation: the row, the conversation, and the counts back to zero.
  await badge.click();
  const row = bob.page
    .getByRole('list', { name: 'Berichten' })
    .getByRole('listitem')
    .filter({ hasText: a.name });
  await expect(row.getByLabel('1 ongelezen berichten')).toHaveText('1');
  await row.getByRole('link').click();
  await expect(messagesWith(bob.page, a.name)).toContainText('Ben je er?');
  await expect(badge.getByLabel(/Ongelezen berichten/)).toHaveCount(0);
  await expect(bob.page).not.toHaveTitle(/^\(\d+\)/);
  expect(await bob.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );

  // A's open conversation shows the read receipt live; the server has it read.
  await expect(aList.getByRole('listitem').last()).toContainText(/Ben je er\?.*gelezen/);
  const read = await getJson<Messages>(alice.context.request, `/api/messages.php?member=${bId}`);
  expect(read.messages.map((m) => m.read_at !== null)).toEqual([true]);
  expect((await getJson<Chats>(bob.context.request, '/api/chats.php')).chats[0]!.num_unread_messages).toBe(0);
  await alice.context.close();
  await bob.context.close();
});

test('without credits the buy button leads to paying, then back to the conversation, where the message goes out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const alice = await person(browser, baseURL);
  const bob = await person(browser, baseURL);
  await createActiveMember(alice.context.request, 'pay-chat-a');
  const b = await createActiveMember(bob.context.request, 'pay-chat-b');
  const bId = (await getJson<Me>(bob.context.request, '/api/user.php')).user.profile.id;
  // The signup bonus pays two messages (10 credits, 5 each); then the balance is 0.
  let conversation = 0;
  for (const text of ['Hoi!', 'Alles goed?']) {
    const sent = await alice.context.request.post('/api/messages.php', {
      headers: { ...XHR, 'content-type': 'application/json' },
      data: { member: bId, client_id: crypto.randomUUID(), type: 'text', text },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    conversation = ((await sent.json()) as { message: { conversation: number } }).message.conversation;
  }
  expect((await getJson<Me>(alice.context.request, '/api/user.php')).user.credits).toBe(0);

  await alice.page.goto(`/chats/${conversation}`);
  await write(alice.page, 'Zullen we afspreken?');
  const alert = alice.page.getByRole('alert');
  await expect(alert).toContainText('Je hebt onvoldoende credits');
  await alert.getByRole('link', { name: 'Credits kopen' }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/credits\\?return=/chats/${conversation}$`));

  // Paid at the built-in test provider; its return page leads back to where the member was.
  const card = alice.page.getByRole('article').nth(1);
  const credits = Number((await card.getAttribute('aria-label'))!.match(/\d+/)![0]);
  await checkout(alice.page, 'iDEAL');
  await alice.page.getByRole('button', { name: 'Betaald', exact: true }).click();
  await expect(alice.page.getByText('Betaling geslaagd')).toBeVisible();
  expect((await getJson<Me>(alice.context.request, '/api/user.php')).user.credits).toBe(credits);
  await alice.page.getByRole('link', { name: 'Terug naar waar je was' }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/chats/${conversation}$`));

  // Back in the conversation, the message goes out and is paid once.
  const aList = messagesWith(alice.page, b.name);
  await expect(aList).toContainText('Alles goed?');
  await write(alice.page, 'Zullen we afspreken?');
  await expect(aList.getByRole('listitem').last()).toContainText(/Zullen we afspreken\?.*verzonden/);
  const atB = await getJson<Messages>(bob.context.request, `/api/messages.php?conversation=${conversation}`);
  expect(atB.messages.map((m) => m.text)).toEqual(['Hoi!', 'Alles goed?', 'Zullen we afspreken?']);
  const settings = await getJson<{ message_credits: number }>(alice.context.request, '/api/settings.php');
  expect((await getJson<Me>(alice.context.request, '/api/user.php')).user.credits).toBe(
    credits - settings.message_credits,
  );
  await alice.context.close();
  await bob.context.close();
});
