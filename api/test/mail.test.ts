import { LOCALES } from '@dating/shared/contract/index';
import { MAIL_TEMPLATES } from '../src/lib/mail';
import { renderMail } from '../src/lib/mail/templates';
import da from '../src/lib/mail/locales/da.json';
import nl from '../src/lib/mail/locales/nl.json';
import { translateError } from '../src/lib/i18n';
import { createTestApp, type TestContext } from '../src/testing/helpers';

const params = {
  name: 'Anna',
  link: 'https://localhost/x?token=1',
  site: 'Demo',
  hours: 48,
  days: 14,
  new_email: 'n@example.com',
  support_email: 's@example.com',
  subject: 'S',
  message: 'M',
  from_name: 'F',
  from_email: 'f@example.com',
  count: 3,
  report_id: 1,
  reporter_id: 2,
  reporter_name: 'R',
  reported_id: 3,
  reported_name: 'D',
  reason: 'Spam',
  conversation: 4,
  text: 'T',
};

test('every template renders in every locale without leftover placeholders', () => {
  for (const locale of LOCALES) {
    for (const template of MAIL_TEMPLATES) {
      const mail = renderMail(template, locale, params);
      expect(mail.subject.length).toBeGreaterThan(3);
      expect(mail.text).not.toMatch(/\{\w+\}/);
      expect(mail.html).not.toMatch(/\{\w+\}/);
      expect(mail.html).toContain(`lang="${locale}"`);
    }
  }
  // Translations differ from the default locale (not copies).
  expect(da.templates.reset.subject).not.toBe(nl.templates.reset.subject);
});

test('params are HTML-escaped in the HTML part', () => {
  const mail = renderMail('complaint', 'en', { ...params, message: '<script>alert(1)</script>' });
  expect(mail.html).not.toContain('<script>alert');
  expect(mail.html).toContain('&lt;script&gt;');
  expect(mail.text).toContain('<script>alert(1)</script>');
});

test('every error code has a text in every locale; Dutch texts are the spec strings', () => {
  expect(translateError('nl', 'account_locked', { minutes: 15 })).toBe(
    'Te veel foute pogingen, account voor 15 min geblokkeerd.',
  );
  expect(translateError('nl', 'generic')).toBe('Er is een fout opgetreden, probeer het later opnieuw.');
  expect(translateError('nl', 'reset_limit')).toBe(
    'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
  );
  expect(translateError('nl', 'link_invalid')).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  expect(translateError('nl', 'insufficient_credits')).toBe('Je hebt onvoldoende credits');
  expect(translateError('nl', 'photo_limit')).toBe('Foto-limiet bereikt');
  expect(translateError('nl', 'birthdate_required', { min_age: 18 })).toBe(
    'Vul uw geboortedatum in (18+ jaar)',
  );
  expect(translateError('de', 'code_used')).toBe('Code bereits verwendet');
});

describe('mail.send', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ profiles: 0 });
  }, 60_000);
  afterAll(() => t.close());

  test('stores the mail with List-Unsubscribe headers and the site as sender', async () => {
    const site = await t.app.services.sites.resolve('she.localhost');
    await t.app.services.mail.send({
      to: 'new@example.com',
      template: 'activation',
      locale: 'de',
      params: { name: 'Lena', link: 'https://she.localhost/activate?t=1', hours: 48 },
      siteId: site.id,
      unsubscribeUrl: 'https://she.localhost/api/unsubscribe.php?t=abc',
    });
    const [mail] = await t.app.services.mail.outbox('new@example.com');
    expect(mail!.subject).toBe('Bestätige deine E-Mail-Adresse für She Dates');
    expect(mail!.from).toBe('"She Dates" <support@she.localhost>');
    expect(mail!.headers['List-Unsubscribe']).toBe(
      '<https://she.localhost/api/unsubscribe.php?t=abc>, <mailto:support@she.localhost?subject=unsubscribe>',
    );
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain('href="https://she.localhost/activate?t=1"');
    expect(mail!.text).toContain('Hallo Lena,');
  });
});
