import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StaffApp from '../../../staff-app';
import { http, HttpResponse, server } from '../../../lib/msw';
import { API, meFixture, meHandler, renderStaff } from '../../../lib/test-utils';

// Many typed steps and lazily loaded pages: generous on a loaded machine (nothing here measures time).
jest.setTimeout(30_000);

describe('staff sign-in', () => {
  test('password, then enrolment with the QR code, then the code: the staff area opens', async () => {
    let signedIn = false;
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/me`, () =>
        signedIn
          ? HttpResponse.json(meFixture())
          : HttpResponse.json(
              { error: { code: 'auth_required', message: 'Log eerst in.' } },
              { status: 403 },
            ),
      ),
      http.post(`${API}/login`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          stage: 'totp_enrol',
          otpauth_uri: 'otpauth://totp/x',
          qr_svg_data_url: 'data:image/svg+xml;base64,PHN2Zy8+',
          secret: 'JBSWY3DPEHPK3PXP',
        });
      }),
      http.post(`${API}/totp`, async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456')
          return HttpResponse.json(
            { error: { code: 'totp_invalid', message: 'De code klopt niet.' } },
            { status: 401 },
          );
        signedIn = true;
        return HttpResponse.json(meFixture());
      }),
      http.get(`${API}/dashboard`, () =>
        HttpResponse.json({
          sites: [],
          experiments: { app: 'mf-landers', stable: null, canary: null, versions: [] },
        }),
      ),
    );
    const user = userEvent.setup();
    await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff', path: '/staff/*' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen voor medewerkers' })).toHaveFocus();
    await user.type(screen.getByLabelText('E-mailadres'), 'anna@staff.example');
    await user.type(screen.getByLabelText('Wachtwoord'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verificatie in twee stappen instellen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR-code voor de authenticator-app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'anna@staff.example', password: 'a long password' }]);

    const code = screen.getByLabelText('Code van 6 cijfers');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Controleren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('De code klopt niet.');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Controleren' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('staff-who')).toHaveTextContent('Anna · Operator');
  });

  test('an operator sees no admin pages: not in the navigation, and their addresses lead to the dashboard', async () => {
    server.use(
      meHandler(meFixture({ role: 'operator' })),
      http.get(`${API}/dashboard`, () =>
        HttpResponse.json({
          sites: [],
          experiments: { app: 'mf-landers', stable: null, canary: null, versions: [] },
        }),
      ),
      http.get(`${API}/members`, () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'Geen toegang.' } }, { status: 403 }),
      ),
    );
    const view = await renderStaff(<StaffApp basePath="/staff" />, {
      route: '/staff/members',
      path: '/staff/*',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(view.getByTestId('location')).toHaveTextContent(/^\/staff$/));
    const nav = screen.getByRole('navigation', { name: 'Backoffice' });
    expect(nav).toHaveTextContent('Antwoorden');
    for (const admin of ['Leden', 'Sites', 'Medewerkers'])
      expect(screen.queryByRole('link', { name: admin })).not.toBeInTheDocument();
  });

  test("a member's session (403 on the staff API) sees the staff sign-in and nothing else", async () => {
    server.use(
      http.get(`${API}/me`, () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'Je hebt geen toegang tot deze actie.' } },
          { status: 403 },
        ),
      ),
    );
    await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff/queue', path: '/staff/*' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inloggen voor medewerkers' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Backoffice' })).not.toBeInTheDocument();
  });
});
