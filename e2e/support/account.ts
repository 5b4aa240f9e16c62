import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { uniqueEmail, waitForLink } from './mailbox';
import { XHR } from './site';

export interface NewMember {
  name: string;
  email: string;
  password: string;
}

/** A member that does not exist yet: unique email and profile name per run. */
export function newMember(flow: string): NewMember {
  const email = uniqueEmail(flow);
  const stamp = email.slice(email.lastIndexOf('-') + 1, email.indexOf('@'));
  return { name: `E2e ${flow} ${stamp}`.slice(0, 30), email, password: `Pw-${stamp}-e2e!` };
}

/** A date of birth `years` ago, as the signup form and API take it (YYYY-MM-DD). */
export function birthdate(years = 30): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/**
 * Picks a date of birth (YYYY-MM-DD) in the signup form's three selects, found by their autocomplete tokens, so the
 * same helper serves every page language (the order and names of the parts follow the language).
 */
export async function fillBirthdate(scope: Locator, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-').map(Number);
  await scope.locator('select[autocomplete="bday-day"]').selectOption(String(day));
  await scope.locator('select[autocomplete="bday-month"]').selectOption(String(month));
  await scope.locator('select[autocomplete="bday-year"]').selectOption(String(year));
}

/**
 * A new member, a man seeking women, signed up through the API (which logs the request context in), not yet
 * activated: every alert a new member gets is due.
 */
export async function createMember(request: APIRequestContext, flow: string): Promise<NewMember> {
  const member = newMember(flow);
  const signup = await request.post('/api/signup.php', {
    headers: XHR,
    data: {
      name: member.name,
      gender: 'male',
      seeking: 'female',
      date_of_birth: birthdate(),
      email: member.email,
      password: member.password,
      locale: 'nl',
    },
  });
  expect(signup.status(), `signup of ${member.email}: ${await signup.text()}`).toBe(201);
  return member;
}

/**
 * Set-up for the flows that are not about signup: the account is created through the API (which logs the
 * request context in) and activated with the link from its activation mail.
 */
export async function createActiveMember(request: APIRequestContext, flow: string): Promise<NewMember> {
  const member = await createMember(request, flow);
  const { path } = await waitForLink(request, member.email, '/activate/done');
  const token = new URL(path, 'http://site').searchParams.get('token');
  const activate = await request.post('/api/activate.php', { headers: XHR, data: { token } });
  expect(activate.status(), `activation of ${member.email}: ${await activate.text()}`).toBe(200);
  return member;
}

/** Whom the server considers logged in for this cookie jar (false for a visitor). */
export async function sessionUser(
  request: APIRequestContext,
): Promise<false | { email?: string; status?: string }> {
  const response = await request.get('/api/user.php', { headers: XHR });
  if (response.status() === 403) return false;
  expect(response.ok(), `GET /api/user.php: ${response.status()}`).toBe(true);
  return ((await response.json()) as { user: false | { email?: string; status?: string } }).user;
}

/** Logout the way a member does: the account menu in the top navigation, then Uitloggen. */
export async function logoutViaMenu(page: Page): Promise<void> {
  await accountMenu(page).click();
  await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).click();
  // The page shows a visitor (the Login link) on the home page, also from a members-only page (docs/adr/0023),
  // and the server session is gone.
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
  await expect.poll(() => sessionUser(page.request)).toBe(false);
}

/** The account dropdown's toggle in the top navigation. */
export function accountMenu(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Account', exact: true });
}
