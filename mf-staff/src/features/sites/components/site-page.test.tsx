import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffSite, StaffSiteUpdate } from '@dating/shared/contract/staff';
import StaffApp from '../../../staff-app';
import { http, HttpResponse, server } from '../../../lib/msw';
import { API, meFixture, meHandler, renderStaff, validation } from '../../../lib/test-utils';

// Many typed steps and lazily loaded pages: generous on a loaded machine (nothing here measures time).
jest.setTimeout(30_000);

function siteFixture(version: number, messageCredits = 5): StaffSite {
  return {
    site: { id: 1, name: 'Datingsite', host: 'datingsite.nl' },
    version,
    settings: {
      name: 'Datingsite',
      domain: 'datingsite.nl',
      niche: 1,
      message_credits: messageCredits,
      photo_credits: 10,
      gift_credits: 20,
      signup_credits: 0,
      message_length: 2000,
      refund_days: 14,
      min_age: 18,
      photo_auto_approve_minutes: 0,
      index_title: 'Daten',
      description: 'Leuke mensen',
      texts: {},
      signups: 'all',
      logged_out_search: 'other',
      logged_out_search_trafficsource: 'other',
      enable_site_entry_popup: 'yes',
      support_email: 'help@datingsite.nl',
      support_phone: '+31 20 123 4567',
      mail_name: 'Datingsite',
    },
    preview: {} as StaffSite['preview'],
    updated_at: '2026-11-23T10:00:00Z',
    updated_by: 'Bert',
  };
}

async function openEditor() {
  const user = userEvent.setup();
  await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff/sites/1', path: '/staff/*' });
  await screen.findByRole('heading', { level: 1, name: 'Instellingen van Datingsite' }, { timeout: 5000 });
  return user;
}

describe('site settings editor', () => {
  test('a bad value is named at its field and nothing is sent; a valid change sends only that field and the version', async () => {
    const sent: StaffSiteUpdate[] = [];
    let current = siteFixture(3);
    server.use(
      meHandler(meFixture({ role: 'admin' })),
      http.get(`${API}/sites/1`, () => HttpResponse.json(current)),
      http.put(`${API}/sites/1`, async ({ request }) => {
        const body = (await request.json()) as StaffSiteUpdate;
        sent.push(body);
        current = siteFixture(4, body.settings.message_credits);
        return HttpResponse.json(current);
      }),
    );
    const user = await openEditor();
    const cost = screen.getByLabelText('Credits per bericht');
    await user.clear(cost);
    await user.type(cost, '-3');
    expect(screen.getByTestId('error-message_credits')).toHaveTextContent(
      'Vul een heel getal in van 0 tot 10000.',
    );
    expect(cost).toHaveAttribute('aria-invalid', 'true');
    // The preview follows the form.
    expect(
      within(screen.getByTestId('site-preview')).getByText('Een bericht kost -3 credits'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(sent).toEqual([]);

    await user.clear(cost);
    await user.type(cost, '7');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByTestId('site-saved')).toHaveTextContent('Opgeslagen.');
    expect(sent).toEqual([{ version: 3, settings: { message_credits: 7 } }]);
    expect(screen.getByLabelText('Credits per bericht')).toHaveValue(7);
  });

  test('the photo review policy: shown as off (0, never), and a delay is sent as that one field', async () => {
    const sent: StaffSiteUpdate[] = [];
    let current = siteFixture(3);
    server.use(
      meHandler(meFixture({ role: 'admin' })),
      http.get(`${API}/sites/1`, () => HttpResponse.json(current)),
      http.put(`${API}/sites/1`, async ({ request }) => {
        const body = (await request.json()) as StaffSiteUpdate;
        sent.push(body);
        current = { ...siteFixture(4), settings: { ...siteFixture(4).settings, ...body.settings } };
        return HttpResponse.json(current);
      }),
    );
    const user = await openEditor();
    const delay = screen.getByLabelText("Niet-gekeurde foto's openbaar na (minuten)");
    expect(delay).toHaveValue(0);
    expect(delay).toHaveAccessibleDescription(/0 = nooit: een foto is pas openbaar als een medewerker/);
    await user.clear(delay);
    await user.type(delay, '20000');
    expect(screen.getByTestId('error-photo_auto_approve_minutes')).toHaveTextContent(
      'Vul een heel getal in van 0 tot 10080.',
    );
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(sent).toEqual([]);
    await user.clear(delay);
    await user.type(delay, '30');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByTestId('site-saved');
    expect(sent).toEqual([{ version: 3, settings: { photo_auto_approve_minutes: 30 } }]);
    expect(screen.getByLabelText("Niet-gekeurde foto's openbaar na (minuten)")).toHaveValue(30);
  });

  test("the server's field error shows at the field; a conflict says the record changed and reloads", async () => {
    let current = siteFixture(3);
    let answer: 'field' | 'conflict' = 'field';
    server.use(
      meHandler(meFixture({ role: 'admin' })),
      http.get(`${API}/sites/1`, () => HttpResponse.json(current)),
      http.put(`${API}/sites/1`, () => {
        if (answer === 'field') return validation('domain', 'Dit domein is al van een andere site.');
        current = siteFixture(5, 9);
        return HttpResponse.json(
          { error: { code: 'record_changed', message: 'Iemand anders heeft dit intussen gewijzigd.' } },
          { status: 409 },
        );
      }),
    );
    const user = await openEditor();
    const domain = screen.getByLabelText('Domein');
    await user.clear(domain);
    await user.type(domain, 'other.nl');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByTestId('error-domain')).toHaveTextContent(
      'Dit domein is al van een andere site.',
    );

    answer = 'conflict';
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const conflict = await screen.findByTestId('site-conflict');
    expect(conflict).toHaveTextContent('Iemand anders heeft dit intussen gewijzigd.');
    await user.click(within(conflict).getByRole('button', { name: 'Opnieuw laden' }));
    expect(await screen.findByText(/Versie 5/)).toBeInTheDocument();
    expect(screen.getByLabelText('Credits per bericht')).toHaveValue(9);
    expect(screen.queryByTestId('site-conflict')).not.toBeInTheDocument();
  });
});
