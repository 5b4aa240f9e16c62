import type { Browser, Page } from '@playwright/test';
import { createActiveMember, type NewMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { readMailbox } from '../../support/mailbox';
import { getJson, liveStreamAnswer, skipEntryWarning, XHR } from '../../support/site';

// Block and report from inside a conversation: the menu in the conversation's header. Two members
// in two browser contexts; what counts is the server's state (chats, messages, blocks, the report's mail to
// support, which is sent only once the report is stored).

interface Chats {
  chats: { conversation: { id: number }; profile: { id: number } }[];
}

async function member(browser: Browser, flow: string): Promise<{ page: Page; who: NewMember; id: number }> {
  const context = await browser.newContext();
  await skipEntryWarning(context);
  const page = await context.newPage();
  const who = await createActiveMember(page.request, flow);
  const { user } = await getJson<{ user: { profile: { id: number } } }>(page.request, '/api/user.php');
  return { page, who, id: user.profile.id };
}

/** Opens `path` and resolves once the page's live stream is subscribed on the server. */
async function openLive(page: Page, path: string) {
  const live = liveStreamAnswer(page);
  await page.goto(path);
  expect((await live).status()).toBe(200);
  // Survives only while the document does: proves later changes came without a reload.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

const chatsOf = (page: Page) => getJson<Chats>(page.request, '/api/chats.php');

test('from a conversation A reports B (stored for moderation), then blocks B: the conversation leaves both sides, live', async ({
  browser,
}) => {
  const a = await member(browser, 'conv-block-a');
  const b = await member(browser, 'conv-block-b');
  const sent = await a.page.request.post('/api/messages.php', {
    headers: XHR,
    data: { member: b.id, client_id: crypto.randomUUID(), type: 'text', text: 'Hoi, hoe gaat het?' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const conversation = ((await sent.json()) as { message: { conversation: number } }).message.conversation;

  // B has the conversation open (list beside it on desktop), with the live channel up.
  await openLive(b.page, `/chats/${conversation}`);
  const bList = b.page.getByRole('list', { name: `Berichten met ${a.who.name}` });
  await expect(bList).toContainText('Hoi, hoe gaat het?');
  const bSidebarRow = b.page
    .getByRole('list', { name: 'Berichten' })
    .getByRole('listitem')
    .filter({ hasText: a.who.name });
  await expect(bSidebarRow).toHaveCount(1);

  // A opens the same conversation and reports B from its menu: a reason is required, free text optional.
  await a.page.goto(`/chats/${conversation}`);
  await expect(a.page.getByRole('list', { name: `Berichten met ${b.who.name}` })).toContainText(
    'Hoi, hoe gaat het?',
  );
  await a.page.getByRole('button', { name: 'Meer opties' }).click();
  await a.page.getByRole('button', { name: 'Rapporteren' }).click();
  const report = a.page.getByRole('dialog', { name: `${b.who.name} rapporteren` });
  await report.getByRole('button', { name: 'Versturen' }).click();
  await expect(report.getByRole('alert')).toHaveText('Kies een reden.');
  await report.getByRole('radio', { name: 'Oplichting' }).check();
  await report.getByRole('textbox', { name: 'Toelichting (optioneel)' }).fill('Vraagt om geld via een link.');
  await report.getByRole('button', { name: 'Versturen' }).click();
  await expect(report.getByRole('status')).toHaveText('Bedankt. We bekijken je melding zo snel mogelijk.');
  await report.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(report).toHaveCount(0);

  // Stored with the conversation it came from: support's mail is written after the report's transaction.
  const { support_email: support } = await getJson<{ support_email: string }>(
    a.page.request,
    '/api/settings.php',
  );
  let reportMail: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      reportMail = (await readMailbox(a.page.request, support)).find((mail) =>
        mail.subject.includes(`(#${b.id}): Oplichting`),
      );
      return Boolean(reportMail);
    })
    .toBe(true);
  expect(reportMail!.subject).toBe(`Melding over ${b.who.name} (#${b.id}): Oplichting`);
  expect(reportMail!.text).toContain(`${a.who.name} (#${a.id}) heeft ${b.who.name} (#${b.id}) gemeld.`);
  expect(reportMail!.text).toContain(`Gesprek: ${conversation}`);
  expect(reportMail!.text).toContain('Vraagt om geld via een link.');
  expect(reportMail!.text).toMatch(/De melding staat als nummer \d+ open voor moderatie\./);
  // A report alone removes nothing.
  expect((await chatsOf(a.page)).chats).toHaveLength(1);

  // A blocks B from the same menu, after a confirmation, and is back at the list without the conversation.
  await a.page.getByRole('button', { name: 'Meer opties' }).click();
  await a.page.getByRole('button', { name: 'Blokkeren' }).click();
  const confirm = a.page.getByRole('dialog', { name: `${b.who.name} blokkeren?` });
  await expect(confirm).toContainText('jullie gesprekken en likes worden verwijderd');
  await confirm.getByRole('button', { name: 'Blokkeren' }).click();
  await expect(a.page).toHaveURL(/\/chats$/);
  await expect(a.page.getByRole('list', { name: 'Berichten' }).getByText(b.who.name)).toHaveCount(0);

  // B's open page loses the conversation without a reload: the list row goes, the conversation is gone.
  await expect(bSidebarRow).toHaveCount(0);
  await expect(b.page.getByText('Dit gesprek bestaat niet.')).toBeVisible();
  expect(await b.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );

  // The server: no conversation for either, its messages gone, and A's block list holds B.
  expect((await chatsOf(a.page)).chats).toEqual([]);
  expect((await chatsOf(b.page)).chats).toEqual([]);
  for (const page of [a.page, b.page]) {
    const messages = await page.request.get(`/api/messages.php?conversation=${conversation}`, {
      headers: XHR,
    });
    expect(messages.status()).toBe(404);
  }
  const { blocks } = await getJson<{ blocks: { profile: { id: number } }[] }>(
    a.page.request,
    '/api/blocks.php',
  );
  expect(blocks.map((entry) => entry.profile.id)).toEqual([b.id]);
  // And B can no longer write to A.
  const refused = await b.page.request.post('/api/messages.php', {
    headers: XHR,
    data: { member: a.id, client_id: crypto.randomUUID(), type: 'text', text: 'Hallo?' },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  await a.page.context().close();
  await b.page.context().close();
});
