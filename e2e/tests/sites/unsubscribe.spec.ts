import { test, expect } from '../../support/fixtures';
import { createActiveMember } from '../../support/account';
import { readMailbox } from '../../support/mailbox';
import { XHR } from '../../support/site';

// Opening the List-Unsubscribe link (as a mail scanner would) changes nothing; the page's
// button (a plain form POST: no session needed, no X-Requested-With) unsubscribes.
test('the unsubscribe link asks first; its button switches every email off', async ({ page }) => {
  await createActiveMember(page.request, 'unsub');
  const user = (await (await page.request.get('/api/user.php', { headers: XHR })).json()) as {
    user: { email: string };
  };
  const [mail] = await readMailbox(page.request, user.user.email);
  expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = new URL(/<(https?:\/\/[^>]+)>/.exec(mail!.headers['List-Unsubscribe']!)![1]!);
  const preferences = async () =>
    (
      (await (await page.request.get('/api/notifications.php', { headers: XHR })).json()) as {
        disabled_reason: string | null;
      }
    ).disabled_reason;

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'E-mails van Demo Dating uitzetten?' })).toBeVisible();
  expect(await preferences()).toBeNull();

  await page.getByRole('button', { name: 'Ja, afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Afgemeld voor e-mails van Demo Dating' })).toBeVisible();
  expect(await preferences()).toBe('list_unsubscribe');
});
