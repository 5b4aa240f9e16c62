import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { SmsOutboxResponse } from '@dating/shared/contract/dev';
import { XHR } from './site';

/** The member's credits and premium flag as the server has them (not what the page shows). */
export async function serverUser(
  request: APIRequestContext,
): Promise<{ credits: number; paid_user: boolean }> {
  const response = await request.get('/api/user.php', { headers: XHR });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { user: { credits: number; paid_user: boolean } }).user;
}

/** The newest SMS to `phone` in the embedded outbox (`/dev/sms.json?to=`), as the mailbox is read. */
export async function readSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/sms.json?to=${encodeURIComponent(phone)}`);
        const { messages } = (await response.json()) as SmsOutboxResponse;
        code = /(\d{6})$/.exec(messages[0]?.body ?? '')?.[1] ?? '';
        return code;
      },
      { message: `an SMS code to ${phone}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * From `/credits` (with any query) to the provider's hosted test page: the package card of `credits`, the method
 * link, then Betalen. Returns the amount the checkout card showed.
 */
export async function checkout(page: Page, method: string, cardIndex = 1): Promise<void> {
  await page.getByRole('article').nth(cardIndex).getByRole('link', { name: 'Kiezen' }).click();
  await page.getByRole('link', { name: method, exact: true }).click();
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/tst_[0-9a-f]+$/);
  await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
}
