import { expect, type APIRequestContext } from '@playwright/test';
import type { MailboxResponse } from '@dating/shared/contract/dev';

/** One message of the embedded outbox (`GET /dev/mailbox.json?to=`, its shape in shared/src/contract/dev.ts). */
export type Mail = MailboxResponse['mails'][number];

/** A unique address per run and flow, so reruns against one database and parallel flows never collide. */
export function uniqueEmail(flow: string): string {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return `e2e-${flow}-${stamp}@example.com`;
}

export async function readMailbox(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.ok(), `mailbox for ${to}: ${response.status()}`).toBe(true);
  return ((await response.json()) as MailboxResponse).mails;
}

/**
 * Waits until a mail to `to` arrives that contains a link to `pathname` (e.g. `/activate/done`) and is newer than
 * `afterId`; returns that link as a site-relative path with its query (the mail's host is the site's configured
 * domain, the test server runs on localhost).
 */
export async function waitForLink(
  request: APIRequestContext,
  to: string,
  pathname: string,
  { afterId = 0 }: { afterId?: number } = {},
): Promise<{ path: string; mail: Mail }> {
  let found: { path: string; mail: Mail } | null = null;
  await expect
    .poll(
      async () => {
        for (const mail of await readMailbox(request, to)) {
          if (mail.id <= afterId) continue;
          const path = linkIn(mail, pathname);
          if (path) {
            found = { path, mail };
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with a link to ${pathname}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The newest outbox id for `to` (0 when empty): links in later mails are "new". */
export async function lastMailId(request: APIRequestContext, to: string): Promise<number> {
  const mails = await readMailbox(request, to);
  return mails.reduce((max, mail) => Math.max(max, mail.id), 0);
}

export function linkIn(mail: Mail, pathname: string): string | null {
  const urls = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  for (const raw of urls) {
    const url = new URL(raw.replace(/&amp;/g, '&'));
    if (url.pathname === pathname) return `${url.pathname}${url.search}`;
  }
  return null;
}
