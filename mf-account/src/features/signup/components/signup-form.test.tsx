import { makeUser, renderPage } from '../../../test/render';
import { apiError, mockFetch } from '../../../test/fetch-mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreApi } from '@dating/shared';
import { SignupForm } from './signup-form';

function isoDateYearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** The date of birth's three selects (day, month, year), in the group named "Geboortedatum". */
async function pickBirthdate(user: ReturnType<typeof userEvent.setup>, iso: string) {
  const [year, month, day] = iso.split('-').map(Number);
  const group = screen.getByRole('group', { name: 'Geboortedatum' });
  await user.selectOptions(within(group).getByLabelText('Dag'), String(day));
  await user.selectOptions(within(group).getByLabelText('Maand'), String(month));
  await user.selectOptions(within(group).getByLabelText('Jaar'), String(year));
}

async function fill(values: { name?: string; email?: string; birthdate?: string; password?: string }) {
  const user = userEvent.setup();
  if (values.name !== undefined) await user.type(screen.getByLabelText('Profielnaam'), values.name);
  if (values.email !== undefined) await user.type(screen.getByLabelText('E-mailadres'), values.email);
  if (values.birthdate !== undefined) await pickBirthdate(user, values.birthdate);
  if (values.password !== undefined) await user.type(screen.getByLabelText('Wachtwoord'), values.password);
  await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
  return user;
}

const valid = {
  name: 'Anna',
  email: 'anna@example.com',
  birthdate: isoDateYearsAgo(30),
  password: 'Geheim-123',
};

describe('SignupForm', () => {
  it('rejects a profile name equal to the email, without calling the server', async () => {
    const { calls } = mockFetch({});
    await renderPage(<SignupForm />, { path: '/signup' });
    await fill({ ...valid, name: 'anna@example.com' });
    expect(await screen.findByText('Je profielnaam moet anders zijn dan je e-mailadres')).toBeInTheDocument();
    expect(screen.getByLabelText('Profielnaam')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('rejects a profile name that starts with @', async () => {
    mockFetch({});
    await renderPage(<SignupForm />, { path: '/signup' });
    await fill({ ...valid, name: '@anna' });
    expect(await screen.findByText('Je profielnaam mag niet beginnen met een @')).toBeInTheDocument();
  });

  it('asks for a date of birth with the site minimum age filled in', async () => {
    mockFetch({});
    await renderPage(<SignupForm />, { path: '/signup', settings: { min_age: 21 } });
    await fill({ ...valid, birthdate: undefined });
    expect(await screen.findByText('Vul uw geboortedatum in (21+ jaar)')).toBeInTheDocument();
    // The years offered start at the minimum age.
    const years = screen.getByLabelText('Jaar');
    expect(within(years).getAllByRole('option')[1]).toHaveTextContent(
      String(new Date().getUTCFullYear() - 21),
    );
  });

  it('asks for the date in the page language: Dutch order, part names and month names, no browser date field', async () => {
    mockFetch({});
    await renderPage(<SignupForm />, { path: '/signup' });
    const group = screen.getByRole('group', { name: 'Geboortedatum' });
    const selects = within(group).getAllByRole('combobox');
    expect(selects.map((select) => select.getAttribute('autocomplete'))).toEqual([
      'bday-day',
      'bday-month',
      'bday-year',
    ]);
    expect(within(group).getByLabelText('Maand')).toHaveTextContent('maart');
    expect(group.querySelector('input[type="date"]')).toBeNull();
  });

  it('rejects an impossible date of birth and an invalid email', async () => {
    mockFetch({});
    await renderPage(<SignupForm />, { path: '/signup' });
    await fill({ ...valid, email: 'anna@', birthdate: '1990-02-31' });
    expect(await screen.findByText('Ongeldige e-mail')).toBeInTheDocument();
    expect(screen.getByText('Ongeldige geboortedatum.')).toBeInTheDocument();
  });

  it('moves focus to the first field in error and ties each message to its field', async () => {
    const { calls } = mockFetch({});
    await renderPage(<SignupForm />, { path: '/signup' });
    await fill({ ...valid, email: 'anna@', password: 'kort' });
    const message = await screen.findByText('Ongeldige e-mail');
    const email = screen.getByLabelText('E-mailadres');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByText('Je wachtwoord moet minimaal 8 tekens lang zijn.')).toBeInTheDocument();
    expect(screen.getByLabelText('Profielnaam')).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it('suggests a correction for a mistyped email domain and applies it', async () => {
    mockFetch({});
    await renderPage(<SignupForm />, { path: '/signup' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mailadres'), 'anna@gmial.com');
    expect(screen.getByText(/Bedoelde je/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'anna@gmail.com' }));
    expect(screen.getByLabelText('E-mailadres')).toHaveValue('anna@gmail.com');
    expect(screen.queryByText(/Bedoelde je/)).not.toBeInTheDocument();
  });

  it("shows the server's message next to the email and offers to log in instead", async () => {
    mockFetch({
      'POST /api/signup.php': apiError(
        409,
        'email_taken',
        'Dit e-mailadres heeft al een account op deze site.',
        'email',
      ),
    });
    const { actions } = await renderPage(<SignupForm />, { path: '/signup' });
    const user = await fill(valid);
    expect(await screen.findByText('Dit e-mailadres heeft al een account op deze site.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Log in met dit e-mailadres' }));
    expect(actions).toContain('ui/redirectedToLogin');
  });

  it('signs up with the tracking values of the visit and the source of the modal, then continues with the photo step', async () => {
    const created = makeUser({ status: 'not_confirmed' });
    const { calls } = mockFetch({ 'POST /api/signup.php': { status: 201, body: { user: created } } });
    const { actions, store } = await renderPage(<SignupForm source="members-like" />, {
      path: '/signup?network=tt&sub1=banner&ref=42',
    });
    await fill(valid);
    expect(await screen.findByText('Voeg een foto toe')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      name: 'Anna',
      email: 'anna@example.com',
      gender: 'male',
      seeking: 'female',
      password: 'Geheim-123',
      // The same value format as the browser's date field sent.
      date_of_birth: valid.birthdate,
      locale: 'nl',
      network: 'tt',
      sub1: 'banner',
      ref: '42',
      source: 'members-like',
    });
    expect(actions).toContain('ui/signupStarted');
    // Logged in as the new, not yet confirmed member, without another user.php round trip.
    expect(coreApi.endpoints.getUser.select()(store.getState()).data).toEqual({ user: created });
  });

  it('runs the profile steps and ends asking to confirm the email address', async () => {
    mockFetch({ 'GET /api/regions.php': { body: { regions: [] } } });
    const onDone = jest.fn();
    const { actions } = await renderPage(<SignupForm onDone={onDone} />, {
      path: '/signup',
      user: makeUser({ status: 'not_confirmed' }),
    });
    const user = userEvent.setup();
    for (const title of ['Voeg een foto toe', 'Waar woon je?', 'Vertel iets over jezelf', 'Over mij']) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Overslaan' }));
    }
    expect(
      await screen.findByText(/We hebben een bevestigingslink gestuurd naar anna@example.com/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Begin met zoeken' }));
    expect(actions).toContain('ui/signupFinished');
    expect(onDone).toHaveBeenCalled();
  });

  it('step 0 from a profile starts with the message the visitor already wrote and sends it with the signup', async () => {
    const created = makeUser({ status: 'not_confirmed' });
    const { calls } = mockFetch({ 'POST /api/signup.php': { status: 201, body: { user: created } } });
    await renderPage(<SignupForm profileId={7} profileName="Dewi" message="Hoi Dewi!" />, {
      path: '/signup',
    });
    const box = screen.getByLabelText('Je bericht aan Dewi');
    expect(box).toHaveValue('Hoi Dewi!');
    const user = userEvent.setup();
    await user.type(box, ' Koffie?');
    await user.type(screen.getByLabelText('Profielnaam'), valid.name);
    await user.type(screen.getByLabelText('E-mailadres'), valid.email);
    await pickBirthdate(user, valid.birthdate);
    await user.type(screen.getByLabelText('Wachtwoord'), valid.password);
    await user.click(screen.getByRole('button', { name: 'Aanmelden en bericht versturen' }));
    expect(await screen.findByText('Voeg een foto toe')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ profile_id: 7, signup_message: 'Hoi Dewi! Koffie?' });
  });

  it('does not offer signup when the site closed it', async () => {
    mockFetch({});
    await renderPage(<SignupForm />, { path: '/signup', settings: { signups: 'none' } });
    expect(screen.getByText('Aanmelden is op dit moment niet mogelijk.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Profielnaam')).not.toBeInTheDocument();
  });

  it('allows signup with_trafficsource only when the visit has one', async () => {
    mockFetch({});
    await renderPage(<SignupForm />, {
      path: '/signup?network=ads',
      settings: { signups: 'with_trafficsource' },
    });
    await waitFor(() => expect(screen.getByLabelText('Profielnaam')).toBeInTheDocument());
  });
});
