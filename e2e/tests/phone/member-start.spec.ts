import type { Page, Response } from '@playwright/test';
import { createActiveMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { gradientPng } from '../../support/images';
import { getJson, loginViaApi } from '../../support/site';

// A member on a 390 × 844 phone: the search starts from whom they look for, the balance is always in sight and
// what they cannot afford says so, each member page has its own title, and a 404 keeps the navigation.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

interface Hit {
  id: number;
  gender: string;
  sexuality: string;
}
interface Me {
  user: { credits: number; profile: { id: number } };
}
interface Settings {
  name: string;
  message_credits: number;
  photo_credits: number;
}

const isSearch = (response: Response) => new URL(response.url()).pathname === '/api/members.php';
const searchHits = async (response: Response) => ((await response.json()) as { profiles: Hit[] }).profiles;

async function balance(page: Page): Promise<number> {
  return (await getJson<Me>(page.request, '/api/user.php')).user.credits;
}

test('a man seeking women starts on women who look for men; he can widen it to everyone', async ({
  page,
}, testInfo) => {
  await createActiveMember(page.request, 'seeking-default');
  const first = page.waitForResponse(isSearch);
  await page.goto('/members');
  const response = await first;
  const url = new URL(response.url());
  expect(url.searchParams.get('gender')).toBe('female');
  expect(url.searchParams.get('mutual')).toBe('true');
  expect(url.searchParams.get('near')).toBe('true');
  const hits = await searchHits(response);
  expect(hits.length).toBeGreaterThan(0);
  for (const hit of hits) {
    expect(hit.gender).toBe('female');
    expect(['hetero', 'bi']).toContain(hit.sexuality);
  }
  const form = page.getByRole('form', { name: 'Leden zoeken' });
  await expect(form.getByLabel('Geslacht')).toHaveValue('female');
  const mutual = form.getByLabel('Alleen leden die iemand zoals ik zoeken');
  await expect(mutual).toBeChecked();
  await expect(
    page.getByRole('list', { name: 'Zoekresultaten' }).getByRole('listitem').first(),
  ).toBeVisible();
  await testInfo.attach('members-seeking-390x844', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });

  // Widened: "Alle" and the box unticked.
  await form.getByLabel('Geslacht').selectOption('');
  await mutual.uncheck();
  const widened = page.waitForResponse(
    (r) => isSearch(r) && new URL(r.url()).searchParams.get('mutual') === 'false',
  );
  await form.getByRole('button', { name: 'Zoeken' }).click();
  const wide = await widened;
  expect(new URL(wide.url()).searchParams.has('gender')).toBe(false);
  await expect(page).toHaveURL(/gender=any&mutual=0/);
  expect((await searchHits(wide)).some((hit) => hit.gender === 'male')).toBe(true);
});

test('the balance is in the top bar and the composer and follows a send; dear gifts and photos say so', async ({
  page,
}, testInfo) => {
  await createActiveMember(page.request, 'balance');
  const settings = await getJson<Settings>(page.request, '/api/settings.php');
  const start = await balance(page);
  const search = page.waitForResponse(isSearch);
  await page.goto('/members');
  const partner = (await searchHits(await search))[0]!;
  await expect(page.getByTestId('nav-balance-count')).toHaveText(String(start));

  await page.goto(`/members/${partner.id}/chat`);
  await expect(page.getByTestId('composer-balance')).toHaveText(`Saldo: ${start} credits`);
  await page.getByRole('textbox', { name: 'Bericht' }).fill('Hoi, hoe gaat het?');
  await page.getByRole('button', { name: 'Versturen', exact: true }).click();
  const after = start - settings.message_credits;
  // Live: the composer changes with the send's answer, without a reload (the phone's chat layout is full screen).
  await expect(page.getByTestId('composer-balance')).toHaveText(`Saldo: ${after} credits`);
  expect(await balance(page)).toBe(after);

  // Gifts that cost more than the balance are shown as out of reach, with credits to buy.
  const { gifts } = await getJson<{ gifts: { name: string; credits: number }[] }>(
    page.request,
    '/api/gifts.php',
  );
  const dear = gifts.find((gift) => gift.credits > after)!;
  expect(dear, 'a gift dearer than the balance').toBeTruthy();
  await page.getByRole('button', { name: 'Cadeau sturen' }).click();
  const picker = page.getByRole('dialog', { name: 'Kies een cadeau' });
  await expect(picker.getByTestId('gifts-balance')).toHaveText(`Je saldo: ${after} credits`);
  const dearButton = picker.getByRole('button', { name: new RegExp(dear.name) });
  await expect(dearButton).toBeDisabled();
  await expect(dearButton).toContainText('Te weinig credits');
  await expect(picker.getByRole('link', { name: 'Credits kopen' })).toHaveAttribute(
    'href',
    new RegExp(`^/credits\\?return=/(chats/\\d+|members/${partner.id}/chat)$`),
  );
  await testInfo.attach('gift-unaffordable-390x844', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await picker.getByRole('button', { name: 'Sluiten' }).click();

  // A photo dearer than the balance: previewed with its price, no way to send it, nothing charged.
  if (settings.photo_credits > after) {
    await page.getByLabel('Foto sturen').setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: gradientPng(),
    });
    const preview = page.getByRole('region', { name: 'Gekozen foto' });
    await expect(preview).toContainText(`Deze foto versturen kost ${settings.photo_credits} credits.`);
    await expect(preview).toContainText(`Te weinig credits: je hebt er ${after}.`);
    await expect(preview.getByRole('button', { name: 'Foto versturen' })).toHaveCount(0);
    await testInfo.attach('photo-unaffordable-390x844', {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    expect(await balance(page)).toBe(after);
  }
  // Back in the app (no reload): the top bar's badge shows the new balance.
  await page.goBack();
  await expect(page).toHaveURL(/\/members/);
  await expect(page.getByTestId('nav-balance-count')).toHaveText(String(after));
  await testInfo.attach('balance-after-send-390x844', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
});

test('a chat photo is previewed with its price and sent, and charged, only on confirmation', async ({
  page,
}, testInfo) => {
  // A member of its own (the demo member's balance is spent by other specs, some running at the same time), given
  // enough credits for a photo through the test-only grant.
  const member = await createActiveMember(page.request, 'photo');
  const settings = await getJson<Settings>(page.request, '/api/settings.php');
  const granted = await page.request.post('/dev/live/credit.json', {
    data: { email: member.email, amount: settings.photo_credits },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const hits = await getJson<{ profiles: Hit[] }>(page.request, '/api/members.php?numResults=5');
  const partner = hits.profiles[0]!;
  const start = await balance(page);
  expect(start).toBeGreaterThanOrEqual(settings.photo_credits);
  await page.goto('/members');
  await expect(page.getByTestId('nav-balance-count')).toHaveText(String(start));
  await page.goto(`/members/${partner.id}/chat`);
  await expect(page.getByTestId('composer-balance')).toHaveText(`Saldo: ${start} credits`);

  await page
    .getByLabel('Foto sturen')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: gradientPng() });
  const preview = page.getByRole('region', { name: 'Gekozen foto' });
  await expect(preview).toContainText(`Deze foto versturen kost ${settings.photo_credits} credits.`);
  await expect(preview.getByRole('img', { name: 'Gekozen foto' })).toBeVisible();
  await testInfo.attach('photo-preview-390x844', { body: await page.screenshot(), contentType: 'image/png' });
  // Nothing is charged or sent while it waits.
  expect(await balance(page)).toBe(start);
  await expect(
    page.getByRole('list', { name: /Berichten met/ }).getByRole('img', { name: 'Foto' }),
  ).toHaveCount(0);

  await preview.getByRole('button', { name: 'Foto versturen' }).click();
  await expect(preview).toHaveCount(0);
  const after = start - settings.photo_credits;
  await expect(page.getByTestId('composer-balance')).toHaveText(`Saldo: ${after} credits`);
  expect(await balance(page)).toBe(after);
  await page.goBack();
  await expect(page.getByTestId('nav-balance-count')).toHaveText(String(after));
});

test('each member page has its own title, and a member’s 404 keeps the navigation', async ({
  page,
}, testInfo) => {
  await loginViaApi(page);
  const settings = await getJson<Settings>(page.request, '/api/settings.php');
  const titled = async (path: string, name: string) => {
    await page.goto(path);
    await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\+?\\) )?${name} - ${settings.name}$`));
  };
  await titled('/members', 'Zoeken');
  await titled('/chats', 'Berichten');
  await titled('/likes', 'Likes');
  await titled('/profile', 'Mijn profiel');
  // Client-side navigation changes it too.
  await page.getByTestId('nav-search-bottom').click();
  await expect(page).toHaveTitle(new RegExp(`Zoeken - ${settings.name}$`));

  for (const path of ['/deze-pagina-bestaat-niet', '/members/1/niets/hier']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByTestId('nav-balance')).toBeVisible();
    await expect(page.getByTestId('nav-search-bottom')).toBeVisible();
  }
  await testInfo.attach('member-404-390x844', { body: await page.screenshot(), contentType: 'image/png' });
});
