import { test, expect } from '../../support/fixtures';
import { birthdate, newMember, sessionUser } from '../../support/account';
import { XHR } from '../../support/site';

// Every link in every mail opens on the site that sent it (docs/adr/0035-one-origin-per-site.md): in development
// the site's origin is the local origin the server listens on, scheme, host and port, not https://<host>.
test('the activation link, copied from the dev mailbox, opens the activated page on the local site', async ({
  page,
  baseURL,
}) => {
  const member = newMember('activation-link');
  const signup = await page.request.post('/api/signup.php', {
    headers: XHR,
    data: {
      name: member.name,
      gender: 'male',
      seeking: 'female',
      date_of_birth: birthdate(33),
      email: member.email,
      password: member.password,
      locale: 'nl',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);

  // The mailbox page as a developer reads it: the mail's text, with the link in it.
  const port = new URL(baseURL!).port;
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(member.email)}`);
  const mail = page.locator('details').filter({ hasText: 'activation/nl' });
  await expect(mail).toHaveCount(1);
  await mail.locator('summary').click();
  const text = await mail.locator('pre').innerText();
  const link = /https?:\/\/\S+\/activate\/done\?token=\S+/.exec(text)?.[0];
  expect(link, text).toBeDefined();
  // The default site's local origin: http, its host, the port the server listens on.
  expect(new URL(link!).origin).toBe(`http://localhost:${port}`);

  await page.goto(link!);
  await expect(page.getByText('Je account is geactiveerd. Veel plezier!')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(`http://localhost:${port}`);
  // The account is active on the server: the member's own session (on the address they signed up at) says so.
  await expect
    .poll(async () => {
      const user = await sessionUser(page.request);
      return user && user.status;
    })
    .toBe('confirmed');
});
