import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
// otplib is a dependency of the api workspace (hoisted to the root node_modules); the specs compute the
// authenticator's codes with it like a phone app would.
import { generate } from 'otplib';
import { dataDir } from './registry';
import { XHR } from './site';

/** The first admin, created by e2e/start-server.mjs with `staff:create-admin` before the server starts. */
export const STAFF_ADMIN = {
  email: 'admin@staff.e2e.test',
  password: 'e2e-admin-password',
  name: 'E2E Admin',
} as const;

/**
 * TOTP secrets learnt at enrolment, kept in the run's DATA_DIR: a retried spec (new worker) signs in again with
 * an account that already enrolled, and needs its secret as the staff member's phone would have it.
 */
function secretsFile(): string {
  return path.join(dataDir(), 'e2e-staff-secrets.json');
}
function readSecrets(): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(secretsFile(), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}
function saveSecret(email: string, secret: string): void {
  fs.writeFileSync(secretsFile(), JSON.stringify({ ...readSecrets(), [email]: secret }));
}

/** The current code of the authenticator app for `secret`. */
export function totpCode(secret: string): Promise<string> {
  return generate({ secret });
}

/**
 * Signs in at /staff the way a staff member does: email and password, then (the first time) the enrolment with
 * the QR code, whose secret the test reads like the phone app would, then the 6-digit code. Ends on the dashboard.
 */
export async function staffSignIn(
  page: Page,
  account: { email: string; password: string },
): Promise<{ enrolled: boolean }> {
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen voor medewerkers' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(account.email);
  await page.getByLabel('Wachtwoord').fill(account.password);
  await page.getByRole('button', { name: 'Volgende' }).click();
  const enrol = page.getByRole('heading', { level: 1, name: 'Verificatie in twee stappen instellen' });
  const codeStep = page.getByRole('heading', { level: 1, name: 'Verificatiecode' });
  await expect(enrol.or(codeStep)).toBeVisible();
  const enrolled = await enrol.isVisible();
  if (enrolled) {
    await expect(page.getByRole('img', { name: 'QR-code voor de authenticator-app' })).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml/,
    );
    saveSecret(account.email, (await page.getByTestId('staff-secret').textContent())!.trim());
  }
  const secret = readSecrets()[account.email];
  expect(secret, `the TOTP secret of ${account.email}`).toBeTruthy();
  const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  let code = await totpCode(secret!);
  await page.getByLabel('Code van 6 cijfers').fill(code);
  await page.getByRole('button', { name: 'Controleren' }).click();
  const refused = page.getByRole('alert');
  await expect(dashboard.or(refused)).toBeVisible();
  if (await refused.isVisible()) {
    // A code is accepted once (replay protection): a sign-in again within the same 30 s (a retried spec) waits
    // for the app's next code, as a person would.
    const used = code;
    await expect
      .poll(async () => (code = await totpCode(secret!)), { timeout: 35_000, intervals: [1000] })
      .not.toBe(used);
    await page.getByLabel('Code van 6 cijfers').fill(code);
    await page.getByRole('button', { name: 'Controleren' }).click();
  }
  await expect(dashboard).toBeVisible();
  return { enrolled };
}

/** A staff API call with the page's (staff) cookies; the body of a 2xx answer. */
export async function staffApi<T>(
  page: Page,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(url, {
    method,
    headers: XHR,
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}
