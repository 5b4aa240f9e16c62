import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { StaffMemberDetail, StaffMembersResponse, StaffSite } from '@dating/shared/contract/staff';
import { test, expect } from '../../support/fixtures';
import { createActiveMember, newMember } from '../../support/account';
import { gradientPng } from '../../support/images';
import { readMailbox } from '../../support/mailbox';
import { checkout, serverUser } from '../../support/payments';
import { recordRequests } from '../../support/requests';
import { getJson, skipEntryWarning, XHR } from '../../support/site';
import { STAFF_ADMIN, staffApi, staffSignIn } from '../../support/staff';

// The back office (docs/adr/0018-staff-back-office.md) in real browsers against the real server: an admin and an operator in their own
// browser contexts (own staff cookie), members in theirs. The steps build on each other (the operator the admin
// creates does the operator's work), so they run in order.
test.describe.configure({ mode: 'serial' });

interface Person {
  context: BrowserContext;
  page: Page;
}
async function person(browser: Browser, baseURL: string | undefined): Promise<Person> {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL' });
  await skipEntryWarning(context);
  return { context, page: await context.newPage() };
}

interface Profiles {
  profiles: { id: number; name: string; fictional: boolean }[];
}
interface Messages {
  conversation: { id: number };
  messages: { text: string | null; from_me: boolean }[];
}
interface Photos {
  photos: { id: number; status: 'active' | 'inspection' }[];
}

const OPERATOR = newMember('operator');
let admin: Person;
let operator: Person;
let siteBefore: { id: number; messageCredits: number } | null = null;

test.beforeAll(async ({ browser, baseURL }) => {
  admin = await person(browser, baseURL);
  operator = await person(browser, baseURL);
});

test.afterAll(async () => {
  // The message cost is the whole server's: put it back for the specs that run after this one.
  if (siteBefore) {
    const site = await staffApi<StaffSite>(admin.page, 'GET', `/api/staff/sites/${siteBefore.id}`);
    await staffApi(admin.page, 'PUT', `/api/staff/sites/${siteBefore.id}`, {
      version: site.version,
      settings: { message_credits: siteBefore.messageCredits },
    });
  }
  await admin.context.close();
  await operator.context.close();
});

/** The member's account as the back office (and its ledger) has it. */
async function staffMember(email: string): Promise<StaffMemberDetail> {
  const found = await staffApi<StaffMembersResponse>(
    admin.page,
    'GET',
    `/api/staff/members?q=${encodeURIComponent(email)}`,
  );
  expect(found.members.map((member) => member.email)).toContain(email);
  const id = found.members.find((member) => member.email === email)!.id;
  return staffApi<StaffMemberDetail>(admin.page, 'GET', `/api/staff/members/${id}`);
}

test('the admin signs in with TOTP enrolment and creates an operator, who enrols and sees no admin pages', async () => {
  test.setTimeout(120_000);
  await staffSignIn(admin.page, STAFF_ADMIN);
  await expect(admin.page.getByTestId('staff-who')).toHaveText(`${STAFF_ADMIN.name} · Beheerder`);

  await admin.page.getByRole('link', { name: 'Medewerkers' }).click();
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Medewerkersaccounts' })).toBeFocused();
  await admin.page.getByLabel('Naam').fill(OPERATOR.name);
  await admin.page.getByLabel('E-mailadres').fill(OPERATOR.email);
  await admin.page.getByLabel('Startwachtwoord').fill('te kort');
  await expect(admin.page.getByText('Minstens 12 tekens.', { exact: true })).toBeVisible();
  await admin.page.getByLabel('Startwachtwoord').fill(`${OPERATOR.password}-staff`);
  await admin.page.getByLabel('Rol').selectOption({ label: 'Operator' });
  await admin.page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(admin.page.getByText(`${OPERATOR.name} kan nu inloggen`)).toBeVisible();
  await expect(admin.page.getByTestId('staff-account').filter({ hasText: OPERATOR.email })).toContainText(
    'nog niet ingesteld',
  );

  const { enrolled } = await staffSignIn(operator.page, {
    email: OPERATOR.email,
    password: `${OPERATOR.password}-staff`,
  });
  expect(enrolled).toBe(true);
  const nav = operator.page.getByRole('navigation', { name: 'Backoffice' });
  await expect(nav.getByRole('link', { name: 'Antwoorden' })).toBeVisible();
  for (const adminPage of ['Leden', 'Sites', 'Medewerkers'])
    await expect(nav.getByRole('link', { name: adminPage })).toHaveCount(0);
  await operator.page.goto('/staff/members');
  await expect(operator.page).toHaveURL(/\/staff$/);
  // And the server refuses it too.
  expect((await operator.page.request.get('/api/staff/members?q=ab', { headers: XHR })).status()).toBe(403);

  // The admin's list now shows the operator's second factor as set up; both sign-ins are in the audit log.
  await admin.page.reload();
  await expect(admin.page.getByTestId('staff-account').filter({ hasText: OPERATOR.email })).toContainText(
    'ingesteld',
  );
  await admin.page.getByRole('link', { name: 'Auditlog' }).click();
  await admin.page.getByLabel('Actie').selectOption({ label: 'Verificatie ingesteld' });
  await expect(admin.page.getByTestId('audit-entry').filter({ hasText: OPERATOR.name })).toHaveCount(1);
});

test("the operator answers a member's message to a fictional profile and the member sees it live", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await person(browser, baseURL);
  await createActiveMember(member.context.request, 'staff-chat');
  const { profiles } = await getJson<Profiles>(member.context.request, '/api/members.php?numResults=30');
  const fictional = profiles.find((profile) => profile.fictional);
  expect(fictional, 'a fictional profile in the search').toBeTruthy();

  await member.page.goto(`/members/${fictional!.id}/chat`);
  const composer = member.page.getByRole('textbox', { name: 'Bericht' });
  await composer.fill('Hoi! Heb je zin om te kletsen?');
  await composer.press('Enter');
  const list = member.page.getByRole('list', { name: `Berichten met ${fictional!.name}` });
  await expect(list.getByRole('listitem').last()).toContainText(/Hoi! Heb je zin om te kletsen\?.*verzonden/);
  const { conversation } = await getJson<Messages>(
    member.context.request,
    `/api/messages.php?member=${fictional!.id}`,
  );

  // The operator opens it from the queue's address, claims it and answers as the fictional profile.
  await operator.page.getByRole('link', { name: 'Antwoorden' }).click();
  await expect(
    operator.page.getByRole('heading', { level: 1, name: 'Gesprekken die op antwoord wachten' }),
  ).toBeVisible();
  await operator.page.goto(`/staff/queue/${conversation.id}`);
  await expect(
    operator.page.getByRole('heading', { level: 1, name: new RegExp(`^${fictional!.name} met `) }),
  ).toBeVisible();
  await expect(operator.page.getByTestId('staff-history')).toContainText('Hoi! Heb je zin om te kletsen?');
  await operator.page.getByRole('button', { name: 'Nemen' }).click();
  const reply = 'Hoi! Zeker, vertel eens wat over jezelf.';
  await operator.page.getByLabel('Bericht').fill(reply);
  await operator.page.getByRole('button', { name: 'Versturen' }).click();
  await expect(operator.page.getByTestId('staff-history')).toContainText(reply);

  // The member's open conversation shows it without a reload (the live channel), and the server stored it.
  await expect(list.getByText(reply)).toBeVisible();
  const stored = await getJson<Messages>(member.context.request, `/api/messages.php?member=${fictional!.id}`);
  expect(stored.messages.at(-1)).toMatchObject({ text: reply, from_me: false });
  await member.context.close();
});

test('the operator approves one photo (visible at once) and rejects another with a reason the member is mailed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await person(browser, baseURL);
  const account = await createActiveMember(member.context.request, 'staff-photos');
  for (const name of ['een.png', 'twee.png']) {
    const upload = await member.context.request.post('/api/photos.php', {
      headers: XHR,
      multipart: { photo: { name, mimeType: 'image/png', buffer: gradientPng() } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  const before = await getJson<Photos>(member.context.request, '/api/photos.php');
  expect(before.photos.map((photo) => photo.status)).toEqual(['inspection', 'inspection']);
  const me = await getJson<{ user: { profile: { id: number } } }>(member.context.request, '/api/user.php');

  await operator.page.getByRole('link', { name: "Foto's" }).click();
  const cards = operator.page.getByTestId('pending-photo').filter({ hasText: account.name });
  await expect(cards).toHaveCount(2);
  await cards
    .first()
    .getByRole('button', { name: `De foto van ${account.name} goedkeuren` })
    .click();
  await expect(cards).toHaveCount(1);
  await cards
    .first()
    .getByRole('button', { name: `De foto van ${account.name} afkeuren` })
    .click();
  await cards
    .first()
    .getByLabel('Reden (het lid krijgt die per mail)')
    .fill('Je gezicht is niet goed te zien.');
  await cards.first().getByRole('button', { name: 'Foto afkeuren' }).click();
  await expect(cards).toHaveCount(0);

  // Approved: active for the member and visible to another member at once; rejected: gone, the reason mailed.
  const after = await getJson<Photos>(member.context.request, '/api/photos.php');
  expect(after.photos.map((photo) => photo.status)).toEqual(['active']);
  const other = await person(browser, baseURL);
  await createActiveMember(other.context.request, 'staff-photo-viewer');
  const seen = await getJson<{ profile: { main_image: unknown } }>(
    other.context.request,
    `/api/member.php?id=${me.user.profile.id}`,
  );
  expect(seen.profile.main_image).toBeTruthy();
  await expect
    .poll(async () =>
      (await readMailbox(member.context.request, account.email)).map((mail) => mail.text).join('\n'),
    )
    .toContain('Je gezicht is niet goed te zien.');
  await member.context.close();
  await other.context.close();
});

test('an admin refunds a payment with a reason: the provider refunds, the credits are taken back', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const buyer = await person(browser, baseURL);
  const account = await createActiveMember(buyer.context.request, 'staff-refund');
  const start = await serverUser(buyer.context.request);
  await buyer.page.goto('/credits');
  await checkout(buyer.page, 'iDEAL');
  await buyer.page.getByRole('button', { name: 'Betaald', exact: true }).click();
  await expect(buyer.page.getByText('Betaling geslaagd')).toBeVisible();
  const paid = await serverUser(buyer.context.request);
  expect(paid.credits).toBeGreaterThan(start.credits);

  await admin.page.getByRole('link', { name: 'Leden' }).click();
  await admin.page.getByRole('searchbox', { name: 'E-mailadres, naam of lidnummer' }).fill(account.email);
  await admin.page.getByRole('button', { name: 'Zoeken' }).click();
  await admin.page.getByRole('link', { name: account.name }).click();
  await expect(
    admin.page.getByRole('heading', { level: 1, name: new RegExp(`^${account.name}`) }),
  ).toBeVisible();
  const order = admin.page.getByTestId('member-order');
  await expect(order).toHaveCount(1);
  await order.getByRole('button', { name: /^Betaling #\d+ terugbetalen$/ }).click();
  await order.getByLabel('Reden van de terugbetaling').fill('Per ongeluk twee keer gekocht.');
  await order.getByRole('button', { name: 'Nu terugbetalen' }).click();
  await expect(order.getByRole('status')).toContainText('Terugbetaald.');
  await expect(order).toContainText('terugbetaald op');

  // The server: the credits of the order are gone again, the ledger has the refund, the order is refunded.
  expect((await serverUser(buyer.context.request)).credits).toBe(start.credits);
  const detail = await staffMember(account.email);
  expect(detail.orders[0]!.refunded_at).toBeTruthy();
  expect(detail.ledger[0]!.amount).toBe(start.credits - paid.credits);
  await buyer.context.close();
});

test("an admin changes the message cost with validation and preview; the member's next message costs the new amount", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await person(browser, baseURL);
  const account = await createActiveMember(member.context.request, 'staff-cost');
  const detail = await staffMember(account.email);
  const siteId = detail.account.site.id;
  const site = await staffApi<StaffSite>(admin.page, 'GET', `/api/staff/sites/${siteId}`);
  siteBefore = { id: siteId, messageCredits: site.settings.message_credits };
  const newCost = site.settings.message_credits === 3 ? 2 : 3;

  await admin.page.goto(`/staff/sites/${siteId}`);
  const cost = admin.page.getByLabel('Credits per bericht');
  await cost.fill('-1');
  await expect(admin.page.getByTestId('error-message_credits')).toHaveText(
    'Vul een heel getal in van 0 tot 10000.',
  );
  await cost.fill(String(newCost));
  await expect(admin.page.getByTestId('site-preview')).toContainText(`Een bericht kost ${newCost} credits`);
  await admin.page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(admin.page.getByTestId('site-saved')).toBeVisible();
  expect(
    (await staffApi<StaffSite>(admin.page, 'GET', `/api/staff/sites/${siteId}`)).settings.message_credits,
  ).toBe(newCost);

  // The member's next message (to a fictional profile) costs the new amount: credits and the server's ledger.
  const { profiles } = await getJson<Profiles>(member.context.request, '/api/members.php?numResults=30');
  const fictional = profiles.find((profile) => profile.fictional)!;
  const before = await serverUser(member.context.request);
  await member.page.goto(`/members/${fictional.id}/chat`);
  const composer = member.page.getByRole('textbox', { name: 'Bericht' });
  await composer.fill('Wat kost dit bericht?');
  await composer.press('Enter');
  await expect(
    member.page
      .getByRole('list', { name: `Berichten met ${fictional.name}` })
      .getByRole('listitem')
      .last(),
  ).toContainText(/verzonden/);
  expect((await serverUser(member.context.request)).credits).toBe(before.credits - newCost);
  expect((await staffMember(account.email)).ledger[0]!.amount).toBe(-newCost);

  // Two admins on one record: a save based on the old version is told the record changed.
  const stale = await admin.page.request.put(`/api/staff/sites/${siteId}`, {
    headers: XHR,
    data: { version: site.version, settings: { message_credits: 4 } },
  });
  expect(stale.status()).toBe(409);
  await member.context.close();
});

test("a member's session gets 403 on the staff API, sees no staff page and loads nothing of mf-staff elsewhere", async ({
  page,
}) => {
  await createActiveMember(page.request, 'staff-member');
  const requests = recordRequests(page);
  await page.goto('/members');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  expect(requests.filter((url) => url.includes('/remotes/mf-staff/'))).toEqual([]);

  for (const url of [
    '/api/staff/dashboard',
    '/api/staff/queue',
    '/api/staff/members?q=ab',
    '/api/staff/audit',
  ]) {
    const response = await page.request.get(url, { headers: XHR });
    expect(response.status(), url).toBe(403);
  }
  const refund = await page.request.post('/api/staff/orders/1/refund', {
    headers: XHR,
    data: { reason: 'x' },
  });
  expect(refund.status()).toBe(403);

  await page.goto('/staff/queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen voor medewerkers' })).toBeVisible();
  await expect(page.getByTestId('staff-app')).toHaveCount(0);
  // Still the same member on the members' site afterwards.
  expect((await serverUser(page.request)).credits).toBeGreaterThanOrEqual(0);
});
