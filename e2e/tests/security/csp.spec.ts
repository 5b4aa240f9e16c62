import type { Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { formatProblems } from '../../support/console';
import { REMOTE_PAGES } from '../../support/pages';
import { loginViaForm } from '../../support/site';

// The Content-Security-Policy allows no inline style or script: the pages a visitor and a
// member see first must work under it without a single violation, and the Permissions-Policy must be one the
// browser understands (an unknown feature name is a console warning on every page).

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Every `securitypolicyviolation` of the page, recorded from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations!.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.cspViolations ?? []);
}

const open = (path: string) => REMOTE_PAGES.find((remote) => remote.path === path)!;

test('/, /login, /members and /chats render under the strict CSP with no violation or policy warning', async ({
  page,
  consoleErrors,
}) => {
  const policyMessages: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|permissions-policy|permissions policy/i.test(message.text())) {
      policyMessages.push(`[${message.type()}] ${message.text()}`);
    }
  });
  await recordViolations(page);

  const home = await page.goto('/');
  const headers = home!.headers();
  expect(headers['content-security-policy']).toContain("style-src 'self';");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['permissions-policy']).toContain('camera=()');
  await open('/').open(page);
  expect(await violations(page), 'on /').toEqual([]);

  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Inloggen' })).toBeVisible();
  expect(await violations(page), 'on /login').toEqual([]);

  // A real login through the form lands on /members (client-side navigation: the same document).
  await loginViaForm(page);
  await expect(page.getByRole('heading', { name: 'Leden zoeken' })).toBeVisible();
  expect(await violations(page), 'after login on /members').toEqual([]);
  // Full loads of each page (a new document, a new recorder).
  await open('/chats').open(page);
  expect(await violations(page), 'on /chats').toEqual([]);
  await open('/members').open(page);
  expect(await violations(page), 'on /members').toEqual([]);

  expect(policyMessages).toEqual([]);
  expect(consoleErrors, formatProblems(consoleErrors)).toEqual([]);

  // Control: the recorder does see a violation (an inline style attribute in markup is refused).
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<b style="color: red">x</b>'));
  await expect.poll(() => violations(page)).toEqual([expect.stringContaining('style-src-attr')]);
});
