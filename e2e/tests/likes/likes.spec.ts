import type { Browser, Page } from '@playwright/test';
import { createActiveMember, type NewMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { getJson, skipEntryWarning, XHR } from '../../support/site';

interface Likes {
  profiles: { id: number }[];
  liked_by: { id: number; like_new: boolean; profile: { id: number } }[];
}

/** A member who signed up and activated in their own browser context (their own cookies). */
async function member(browser: Browser, flow: string): Promise<{ page: Page; who: NewMember; id: number }> {
  const context = await browser.newContext();
  await skipEntryWarning(context);
  const page = await context.newPage();
  const who = await createActiveMember(page.request, flow);
  const { user } = await getJson<{ user: { profile: { id: number } } }>(page.request, '/api/user.php');
  return { page, who, id: user.profile.id };
}

const likesOf = (page: Page) => getJson<Likes>(page.request, '/api/likes.php');

test('A likes B; B sees the new like, opening it clears it on the server; B likes back and both see the match', async ({
  browser,
}) => {
  const a = await member(browser, 'likes-a');
  const b = await member(browser, 'likes-b');
  // B has the likes page open, still empty.
  await b.page.goto('/likes');
  await expect(b.page.getByText('Nog niemand heeft jou geliked.')).toBeVisible();

  await a.page.goto(`/members/${b.id}`);
  await a.page.getByRole('button', { name: 'Liken', exact: true }).click();
  await expect(a.page.getByRole('button', { name: /Geliked/ })).toHaveAttribute('aria-pressed', 'true');
  // The heart flips at once (like-button.tsx) and the server stores the like with its answer.
  await expect.poll(async () => (await likesOf(a.page)).profiles.map((p) => p.id)).toEqual([b.id]);

  // B's open page shows the new like without a reload (the live `like` event reloads likes.php).
  const likedMe = b.page.getByRole('list', { name: 'Vinden mij leuk' });
  const card = likedMe.getByRole('link', { name: new RegExp(a.who.name) });
  await expect(card).toContainText('Nieuw');
  await expect(b.page.getByTestId('nav-likes-top')).toContainText('1');
  expect((await likesOf(b.page)).liked_by).toEqual([
    expect.objectContaining({ like_new: true, profile: expect.objectContaining({ id: a.id }) }),
  ]);

  await card.click();
  await expect(b.page).toHaveURL(new RegExp(`/likes/m/${a.id}$`));
  await expect.poll(async () => (await likesOf(b.page)).liked_by[0]?.like_new).toBe(false);
  await expect(b.page.getByTestId('nav-likes-top')).not.toContainText('1');

  await b.page.getByRole('button', { name: 'Liken', exact: true }).click();
  await expect(b.page.getByText(`Het is een match! Jij en ${a.who.name} vinden elkaar leuk.`)).toBeVisible();
  // The match is the server's: each member likes the other and is liked by the other.
  for (const [me, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const likes = await likesOf(me.page);
    expect(likes.profiles.map((p) => p.id)).toContain(other.id);
    expect(likes.liked_by.map((entry) => entry.profile.id)).toContain(other.id);
  }

  await a.page.goto('/likes/matches');
  await expect(
    a.page.getByRole('list', { name: 'Matches' }).getByRole('link', { name: new RegExp(b.who.name) }),
  ).toBeVisible();
  await b.page.goto('/likes/matches');
  await expect(
    b.page.getByRole('list', { name: 'Matches' }).getByRole('link', { name: new RegExp(a.who.name) }),
  ).toBeVisible();
});

test('blocking from a profile removes the conversation and the likes on both sides, live, and hides the blocker', async ({
  browser,
}) => {
  const a = await member(browser, 'block-a');
  const b = await member(browser, 'block-b');
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const response = await from.page.request.post('/api/like.php', { headers: XHR, data: { id: to.id } });
    expect(response.ok()).toBe(true);
  }
  // A writes to B (paid from the signup bonus): the pair has a conversation.
  const sent = await a.page.request.post('/api/messages.php', {
    headers: XHR,
    data: { member: b.id, client_id: crypto.randomUUID(), type: 'text', text: 'Hoi!' },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const chatsOf = (page: Page) =>
    getJson<{ chats: { conversation: { id: number } }[] }>(page.request, '/api/chats.php');
  expect((await chatsOf(b.page)).chats).toHaveLength(1);

  // A has the conversation list open while B blocks: it disappears there without a reload (live channel).
  await a.page.goto('/chats');
  const row = a.page
    .getByRole('list', { name: 'Berichten' })
    .getByRole('listitem')
    .filter({ hasText: b.who.name });
  await expect(row).toHaveCount(1);
  // From here A's page must not ask chats.php again: the row goes because of the live event, not a reload or poll.
  const refetches: string[] = [];
  a.page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/chats.php') refetches.push(request.url());
  });

  await b.page.goto(`/members/${a.id}`);
  await b.page.getByRole('button', { name: 'Blokkeren' }).click();
  const dialog = b.page.getByRole('dialog', { name: `${a.who.name} blokkeren?` });
  await dialog.getByRole('button', { name: 'Blokkeren' }).click();
  await expect(b.page.getByText('Je hebt dit lid geblokkeerd.')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(refetches).toEqual([]);

  // The server's state, for both members.
  expect(await likesOf(a.page)).toEqual({ profiles: [], liked_by: [] });
  expect(await likesOf(b.page)).toEqual({ profiles: [], liked_by: [] });
  expect((await chatsOf(a.page)).chats).toEqual([]);
  expect((await chatsOf(b.page)).chats).toEqual([]);
  const hidden = await a.page.request.get(`/api/member.php?id=${b.id}`, { headers: XHR });
  expect(hidden.status()).toBe(404);
  await a.page.goto('/likes/my-likes');
  await expect(a.page.getByText('Je hebt nog niemand geliked.')).toBeVisible();
  await a.page.goto(`/members/${b.id}`);
  await expect(a.page.getByText('Dit profiel bestaat niet.')).toBeVisible();
});

test('the swipe game stops at 4 likes with a countdown, and the server refuses a 5th', async ({ page }) => {
  await createActiveMember(page.request, 'swipe');
  await page.goto('/swipe-game');
  await expect(page.getByText('Nog 4 likes vandaag')).toBeVisible();
  for (let left = 3; left >= 1; left--) {
    await page.getByRole('button', { name: 'Leuk' }).click();
    await expect(page.getByText(`Nog ${left} likes vandaag`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Leuk' }).click();
  await expect(page.getByText('Dat waren je likes voor vandaag')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leuk' })).toHaveCount(0);
  await expect(page.locator('time')).toHaveText(/^\d\d:\d\d:\d\d$/);

  const status = await getJson<{ likes_left: number; resets_at: string }>(page.request, '/api/swipe.php');
  expect(status.likes_left).toBe(0);
  expect(Date.parse(status.resets_at)).toBeGreaterThan(Date.now());
  const likes = await likesOf(page);
  expect(likes.profiles).toHaveLength(4);
  const { profiles } = await getJson<{ profiles: { id: number }[] }>(
    page.request,
    '/api/members.php?numResults=30',
  );
  const fresh = profiles.find((p) => !likes.profiles.some((liked) => liked.id === p.id));
  const fifth = await page.request.post('/api/like.php', {
    headers: XHR,
    data: { id: fresh!.id, source: 'swipe' },
  });
  expect(fifth.status()).toBe(429);
  expect(((await fifth.json()) as { error: { code: string } }).error.code).toBe('swipe_limit');
});

test('the like modal of ?t= shows a like that the server stored, then opens that profile', async ({
  page,
}) => {
  await createActiveMember(page.request, 'like-modal');
  await page.goto('/members?t=1');
  const modal = page.getByRole('dialog', { name: 'Nieuwe like!' });
  await expect(modal).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]t=/);
  const { liked_by: likedBy } = await likesOf(page);
  expect(likedBy).toHaveLength(1);
  await modal.getByTestId('like-modal').click();
  await expect(page).toHaveURL(new RegExp(`/members/${likedBy[0]!.profile.id}$`));
  await expect(page.getByRole('button', { name: 'Liken', exact: true })).toBeVisible();
});
