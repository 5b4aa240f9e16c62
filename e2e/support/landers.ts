import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { birthdate, fillBirthdate, newMember } from './account';
import { XHR } from './site';

/** The operator seeded into every demo database (api/src/seed/demo.ts). */
export const OPERATOR = { email: 'operator@example.com', password: 'Operator-1234' } as const;

export const TRACKING = { network: 'e2e-net', ref: 'e2e-ref', sub2: 'two', sub3: 'three' } as const;

/** Fills and sends the signup modal's first step; resolves with the signup request the site sent. */
export async function signUpInModal(page: Page, flow: string): Promise<Request> {
  const member = newMember(flow);
  const modal = page.getByTestId('signup-modal');
  const form = modal.getByRole('form', { name: 'Maak je account aan' });
  await form.getByLabel('Profielnaam').fill(member.name);
  await fillBirthdate(form, birthdate(31));
  await form.getByLabel('E-mailadres').fill(member.email);
  await form.getByLabel('Wachtwoord').fill(member.password);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/signup.php') && r.method() === 'POST'),
    form.getByRole('button', { name: 'Account aanmaken' }).click(),
  ]);
  const response = await request.response();
  expect(response?.status(), `signup answered ${await response?.text()}`).toBe(201);
  await expect(modal.getByText('Stap 2 van 5')).toBeVisible();
  return request;
}

export interface ReportVersion {
  version: string;
  role: string;
  visits: number;
  signups: number;
  variants: {
    variant: string;
    visits: number;
    signups: number;
    rates: { signup: { value: number; low: number; high: number } };
  }[];
}

/** The experiment report as an operator reads it (`GET /api/experiments.php`), in a context of its own. */
export async function experimentReport(request: APIRequestContext): Promise<{
  stable: string;
  canary: { version: string; weight: number } | null;
  versions: ReportVersion[];
}> {
  const login = await request.post('/api/user.php', { form: OPERATOR, headers: XHR });
  expect(login.ok(), 'the operator logs in').toBe(true);
  const response = await request.get('/api/experiments.php?app=mf-landers', { headers: XHR });
  expect(response.status()).toBe(200);
  return response.json();
}
