import type { LightMyRequestResponse } from 'fastify';
import type { OutboxEntry } from '../lib/mail';
import type { TestContext } from './helpers';

export const PASSWORD = 'Sterk-wachtwoord-1';

let counter = 0;
/** A fresh, unique address per call (tests in one file share one database). */
export const uniqueEmail = (prefix = 'member') =>
  `${prefix}.${Date.now().toString(36)}.${++counter}@example.org`;

export const signupBody = (over: Record<string, unknown> = {}) => ({
  name: `Lid${++counter}`,
  gender: 'male',
  seeking: 'female',
  date_of_birth: '1990-04-12',
  email: uniqueEmail(),
  password: PASSWORD,
  locale: 'nl',
  ...over,
});

export const cookieOf = (res: LightMyRequestResponse): string => {
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
  return `sid=${sid.value}`;
};

/** Signs up through the API and returns the session cookie, the address and the user. */
export async function signup(t: TestContext, over: Record<string, unknown> = {}, host = 'localhost') {
  const body = signupBody(over);
  const res = await t.call({ method: 'POST', url: '/api/signup.php', headers: { host }, payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return {
    cookie: cookieOf(res),
    email: body.email as string,
    password: body.password as string,
    user: res.json().user,
  };
}

/** The embedded mailbox, read the way the e2e tests read `/dev/mailbox.json?to=`. */
export async function mailsTo(t: TestContext, to: string): Promise<OutboxEntry[]> {
  const res = await t.call({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` });
  return res.json().mails as OutboxEntry[];
}

/** The newest mail of a template to an address. */
export async function lastMail(t: TestContext, to: string, template: string): Promise<OutboxEntry> {
  const mail = (await mailsTo(t, to)).find((m) => m.template === template);
  if (!mail) throw new Error(`no ${template} mail to ${to}`);
  return mail;
}

/** The token of the link `<path>?<param>=…` in a mail's text. */
export function tokenFrom(mail: OutboxEntry, path: string, param = 'token'): string {
  const re = new RegExp(`https?://[^\\s/]+${path.replace(/[/?]/g, '\\$&')}\\?${param}=([A-Za-z0-9_%-]+)`);
  const m = re.exec(mail.text);
  if (!m) throw new Error(`no ${path} link in mail: ${mail.text}`);
  return decodeURIComponent(m[1]!);
}

/** A multipart/form-data body with one file. */
export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
