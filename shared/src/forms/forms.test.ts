import { checkField, checkForm, firstFormError, isFormSchema } from './check';
import { schemaResolver } from './resolver';
import {
  EmailField,
  LoginSchema,
  MailChangeSchema,
  NameField,
  PasswordChangeSchema,
  PasswordResetDoSchema,
  SignupSchema,
  ageOn,
  birthDateError,
  nameError,
  newEmailError,
  passwordsDifferError,
} from './account';

const signup = {
  name: 'Anna',
  gender: 'female',
  email: 'anna@example.com',
  password: 'Geheim-123',
  locale: 'nl',
  date_of_birth: '1990-01-01',
};

describe('the form schemas answer the catalogue code of the rule that fails', () => {
  test.each([
    ['name', '', 'validation'],
    ['name', '   ', 'validation'],
    ['name', '@anna', 'name_starts_with_at'],
    ['name', '  @anna', 'name_starts_with_at'],
    ['name', 'x'.repeat(31), 'validation'],
    ['name', 'x'.repeat(201), 'validation'],
    ['email', 'not-an-address', 'email_invalid'],
    ['email', 'a@b', 'email_invalid'],
    ['email', '.a@example.com', 'email_invalid'],
    ['email', 'a.@example.com', 'email_invalid'],
    ['email', 'a..b@example.com', 'email_invalid'],
    ['email', `${'a'.repeat(65)}@example.com`, 'email_invalid'],
    ['email', `a@${'b'.repeat(250)}.nl`, 'email_invalid'],
    ['email', 12, 'email_invalid'],
    ['password', 'kort', 'password_too_short'],
    ['password', 'x'.repeat(129), 'validation'],
    ['gender', 'other', 'validation'],
    ['locale', 'xx', 'validation'],
    ['profile_id', 0, 'validation'],
    ['profile_id', 1.5, 'validation'],
    ['source', 'x'.repeat(51), 'validation'],
  ])('signup %s = %j → %s', (field, value, code) => {
    expect(checkForm(SignupSchema, { ...signup, [field]: value })).toEqual([
      [field, expect.objectContaining({ code })],
    ]);
  });

  test('a valid signup passes, and spaces around the name and the address are allowed (the server trims)', () => {
    expect(checkForm(SignupSchema, signup)).toEqual([]);
    expect(checkForm(SignupSchema, { ...signup, name: ' Anna ', email: ' anna@example.com ' })).toEqual([]);
    expect(checkField(NameField, ` ${'x'.repeat(30)} `)).toBeNull();
  });

  test('the too short password carries its minimum for the message', () => {
    expect(checkField(SignupSchema.properties.password, 'kort')).toEqual({
      code: 'password_too_short',
      params: { min: 8 },
    });
  });

  test('a missing required field comes first, as ajv reports it', () => {
    const { locale: _locale, ...withoutLocale } = signup;
    expect(firstFormError(SignupSchema, { ...withoutLocale, email: 'nope' })).toEqual({
      field: 'locale',
      error: { code: 'validation' },
    });
    expect(firstFormError(PasswordResetDoSchema, { token: 't', password: 'Geheim-123' })).toEqual({
      field: 'password_repeat',
      error: { code: 'validation' },
    });
  });

  test('an empty current password is the wrong password of its form', () => {
    expect(checkForm(PasswordChangeSchema, { old_password: '', password: 'Geheim-123' })).toEqual([
      ['old_password', { code: 'old_password_wrong' }],
    ]);
    expect(checkForm(MailChangeSchema, { email: 'nieuw@example.com', password: '' })).toEqual([
      ['password', { code: 'password_wrong' }],
    ]);
    expect(checkForm(MailChangeSchema, { email: 'nieuw', password: 'x' })).toEqual([
      ['email', { code: 'new_email_invalid' }],
    ]);
  });

  test('`only` limits the check to the fields a form shows', () => {
    expect(checkForm(SignupSchema, { name: '@x' }, ['name'])).toEqual([
      ['name', { code: 'name_starts_with_at' }],
    ]);
  });

  test('the email rule agrees with what the login form accepts being short', () => {
    expect(checkForm(LoginSchema, { email: 'ab', password: '' })).toEqual([
      ['email', { code: 'validation' }],
      ['password', { code: 'validation' }],
    ]);
    expect(checkField(EmailField, 'anna@example.com')).toBeNull();
  });

  test('only schemas with catalogue codes are form schemas (the error handler leaves others alone)', () => {
    expect(isFormSchema(SignupSchema)).toBe(true);
    expect(isFormSchema(LoginSchema)).toBe(false);
    expect(isFormSchema({ type: 'object', properties: { a: { type: 'string' } } })).toBe(false);
  });
});

describe('rules across fields or with a site setting', () => {
  const today = new Date(Date.UTC(2026, 10, 22));

  test('age in whole years, the day before a birthday included', () => {
    expect(ageOn('2008-11-22', today)).toBe(18);
    expect(ageOn('2008-11-23', today)).toBe(17);
  });

  test('the birth date: required, old enough, a real past date, not older than 120', () => {
    const required = { code: 'birthdate_required', params: { min_age: 18 } };
    expect(birthDateError('', 18, today)).toEqual(required);
    expect(birthDateError(undefined, 18, today)).toEqual(required);
    expect(birthDateError('2008-11-23', 18, today)).toEqual(required);
    expect(birthDateError('2008-11-22', 18, today)).toBeNull();
    expect(birthDateError('1990-02-30', 18, today)).toEqual({ code: 'birthdate_invalid' });
    expect(birthDateError('22-11-1990', 18, today)).toEqual({ code: 'birthdate_invalid' });
    expect(birthDateError('2030-01-01', 18, today)).toEqual({ code: 'birthdate_invalid' });
    expect(birthDateError('1850-01-01', 18, today)).toEqual({ code: 'birthdate_invalid' });
  });

  test('name and email are compared without case or surrounding spaces', () => {
    expect(nameError(' Anna@Example.com ', 'anna@example.com')).toEqual({ code: 'name_equals_email' });
    expect(nameError('Anna', 'anna@example.com')).toBeNull();
    expect(nameError('Anna', '')).toBeNull();
  });

  test('a new address must differ from the current one; the repeated password must match', () => {
    expect(newEmailError(' Anna@Example.com', 'anna@example.com')).toEqual({ code: 'new_email_invalid' });
    expect(newEmailError('nieuw@example.com', 'anna@example.com')).toBeNull();
    expect(passwordsDifferError('a', 'b')).toEqual({ code: 'passwords_differ' });
    expect(passwordsDifferError('a', 'a')).toBeNull();
  });
});

describe('schemaResolver (react-hook-form)', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  test('answers the values when they pass, the catalogue code and its parameters per field when not', async () => {
    const resolver = schemaResolver<{ name: string; email: string; password: string }>(SignupSchema, (v) => ({
      name: nameError(v.name, v.email),
    }));
    const good = { name: 'Anna', email: 'anna@example.com', password: 'Geheim-123' };
    expect(await resolver(good, undefined, options)).toEqual({ values: good, errors: {} });

    const bad = await resolver({ ...good, name: 'anna@example.com', password: 'kort' }, undefined, options);
    expect(bad.values).toEqual({});
    expect(bad.errors).toEqual({
      name: { type: 'name_equals_email', message: 'name_equals_email', types: {} },
      password: { type: 'password_too_short', message: 'password_too_short', types: { min: '8' } },
    });
  });

  test('a schema rule wins over a cross-field rule of the same field; context reaches the rules', async () => {
    const resolver = schemaResolver<{ date_of_birth: string; name: string }, { minAge: number }>(
      SignupSchema,
      (v, { minAge }) => ({
        name: nameError(v.name, ''),
        date_of_birth: birthDateError(v.date_of_birth, minAge),
      }),
    );
    const found = await resolver({ name: '@x', date_of_birth: '' }, { minAge: 21 }, options);
    expect(found.errors).toEqual({
      name: expect.objectContaining({ type: 'name_starts_with_at' }),
      date_of_birth: expect.objectContaining({ type: 'birthdate_required', types: { min_age: '21' } }),
    });
  });
});
