import type { Browser, Page, Request } from '@playwright/test';
import { createActiveMember, type NewMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { getJson, liveStreamAnswer, skipEntryWarning, XHR } from '../../support/site';

// A live stream that drops resumes from the last event it saw (docs/adr/0039-live-resume.md): what was sent while
// it was down comes with the new stream, each message once, and the page asks for nothing again.

async function member(browser: Browser, flow: string): Promise<{ page: Page; who: NewMember; id: number }> {
  const context = await browser.newContext();
  await skipEntryWarning(context);
  const page = await context.newPage();
  const who = await createActiveMember(page.request, flow);
  const { user } = await getJson<{ user: { profile: { id: number } } }>(page.request, '/api/user.php');
  return { page, who, id: user.profile.id };
}

async function send(page: Page, to: number, text: string): Promise<number> {
  const sent = await page.request.post('/api/messages.php', {
    headers: XHR,
    data: { member: to, client_id: crypto.randomUUID(), type: 'text', text },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return ((await sent.json()) as { message: { conversation: number } }).message.conversation;
}

/** The requests of a refetch after a gap: user, chats and likes (shell/src/session/use-polling.ts). */
const REFETCH = ['/api/user.php', '/api/chats.php', '/api/likes.php'];

test('a dropped live stream resumes with Last-Event-ID: the messages sent meanwhile appear once each, without a refetch', async ({
  browser,
}) => {
  const a = await member(browser, 'resume-a');
  const b = await member(browser, 'resume-b');
  // What the page's EventSource sees (the app's own instance, wrapped before any script runs): each stream's
  // opening, its events' ids and its `ready` event.
  await b.page.addInitScript(() => {
    const Original = window.EventSource;
    const seen: string[] = ((window as unknown as { liveSeen: string[] }).liveSeen = []);
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('open', () => seen.push('open'));
        this.addEventListener('message', (e) => seen.push(`event ${e.lastEventId}`));
        this.addEventListener('ready', (e) => seen.push(`ready ${(e as MessageEvent<string>).data}`));
      }
    };
  });
  // Enough credits for A's messages (the signup bonus pays two).
  const granted = await a.page.request.post('/dev/live/credit.json', {
    data: { email: a.who.email, amount: 100 },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const conversation = await send(a.page, b.id, 'Hoi, ben je er?');

  // B has the conversation open with the live channel up.
  const live = liveStreamAnswer(b.page);
  await b.page.goto(`/chats/${conversation}`);
  expect((await live).status()).toBe(200);
  await b.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const list = b.page.getByRole('list', { name: `Berichten met ${a.who.name}` });
  await expect(list).toContainText('Hoi, ben je er?');
  // One more message live, so the stream has an event id to resume from.
  await send(a.page, b.id, 'Eerste, live');
  await expect(list).toContainText('Eerste, live');
  await b.page.waitForTimeout(500);

  // From here on: every request of B's page, and the stream's reconnection held until A has sent.
  const requests: Request[] = [];
  b.page.on('request', (request) => requests.push(request));
  let release!: () => void;
  const sent = new Promise<void>((resolve) => (release = resolve));
  const reconnects: Request[] = [];
  await b.page.route('**/api/live.php*', async (route) => {
    reconnects.push(route.request());
    await sent;
    await route.continue();
  });

  // The connection drops (the server ends B's stream without a word, as a connection lost on the way).
  const dropped = await a.page.request.post('/dev/live/drop.json', { data: { email: b.who.email } });
  expect(((await dropped.json()) as { dropped: number }).dropped).toBe(1);
  const whileDown = ['Een, terwijl je weg was', 'Twee, terwijl je weg was', 'Drie, terwijl je weg was'];
  for (const text of whileDown) await send(a.page, b.id, text);
  release();

  // The stream came back by itself (EventSource, after the server's retry:, sending Last-Event-ID): the three
  // messages were replayed before its `ready`, which asked for no refetch.
  for (const text of whileDown)
    await expect(list.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  expect(reconnects.length).toBeGreaterThan(0);
  const seen = await b.page.evaluate(() => (window as unknown as { liveSeen: string[] }).liveSeen);
  const reopened = seen.lastIndexOf('open');
  expect(seen.indexOf('open')).toBeLessThan(reopened);
  const resumed = seen.slice(reopened + 1);
  const readyAt = resumed.indexOf('ready {"resync":false}');
  expect(readyAt).toBeGreaterThanOrEqual(whileDown.length);
  expect(resumed.slice(0, readyAt).every((entry) => /^event \d+$/.test(entry))).toBe(true);
  // Each message exactly once, in order, on the same document, and no refetch of user, chats or likes.
  const texts = await list.getByRole('listitem').allTextContents();
  const order = ['Hoi, ben je er?', 'Eerste, live', ...whileDown].map((text) =>
    texts.findIndex((t) => t.includes(text)),
  );
  expect(order).toEqual([...order].sort((x, y) => x - y));
  expect(order.every((i) => i >= 0)).toBe(true);
  for (const text of ['Eerste, live', ...whileDown])
    expect(texts.filter((t) => t.includes(text))).toHaveLength(1);
  expect(await b.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await b.page.waitForTimeout(1_000);
  expect(requests.map((r) => new URL(r.url()).pathname).filter((path) => REFETCH.includes(path))).toEqual([]);
});

test('a message sent while the page loads, before its first stream, appears once, without a refetch', async ({
  browser,
}) => {
  const a = await member(browser, 'page-gap-a');
  const b = await member(browser, 'page-gap-b');
  const granted = await a.page.request.post('/dev/live/credit.json', {
    data: { email: a.who.email, amount: 100 },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const conversation = await send(a.page, b.id, 'Hoi, ben je er?');

  // B's page loads its data, but its first stream is held until A has sent: the message falls between them.
  const requests: Request[] = [];
  b.page.on('request', (request) => requests.push(request));
  let release!: () => void;
  const sent = new Promise<void>((resolve) => (release = resolve));
  const streams: Request[] = [];
  await b.page.route('**/api/live.php*', async (route) => {
    streams.push(route.request());
    await sent;
    await route.continue();
  });
  await b.page.goto(`/chats/${conversation}`);
  const list = b.page.getByRole('list', { name: `Berichten met ${a.who.name}` });
  await expect(list).toContainText('Hoi, ben je er?');
  await expect.poll(() => streams.length).toBeGreaterThan(0);
  const loaded = requests.length;
  await send(a.page, b.id, 'Terwijl je pagina laadde');
  release();

  // The first stream resumed from where B's log stood when the page was made, and brought the message.
  expect(new URL(streams[0]!.url()).searchParams.get('last_event_id')).toMatch(/^\d+$/);
  await expect(list.getByRole('listitem').filter({ hasText: 'Terwijl je pagina laadde' })).toHaveCount(1);
  await b.page.waitForTimeout(1_000);
  // Nothing asked for again (the open conversation marking the new message read is a PUT, not a read).
  const reads = requests
    .slice(loaded)
    .filter((r) => r.method() === 'GET')
    .map((r) => new URL(r.url()).pathname);
  expect(reads.filter((path) => [...REFETCH, '/api/messages.php'].includes(path))).toEqual([]);
});
