/**
 * One validation schema per member form (docs/adr/0022-forms-and-schemas.md): the server's route schema (Fastify validates it with
 * ajv, and `firstFormError` names the catalogue code of a refusal) and the browser's react-hook-form resolver
 * (`schemaResolver`) read the same object. Plain JSON Schema literals: TypeBox 1.x infers `Static<>` from JSON
 * Schema, so they are TypeBox schemas to the api's type provider and cost no builder bytes in the browser.
 * Each schema's request type is its `Static<>`, written right after it (the contract's account and user modules
 * build their route bodies from these).
 *
 * Rules that need another field or a site setting (the name is not the email address, the minimum age) are the
 * functions at the end, called by the api's services and by the forms' resolvers alike.
 */
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGNUP_SOURCE_MAX_LENGTH,
} from '../contract/values/account';
import { LOCALES } from '../contract/values/common';
import type { Static } from 'typebox';
import type { FormError } from './check';
import { EMAIL_MAX_LENGTH } from './login';

// The login form's schema and the longest address are in `./login` (the login page loads only that module).
export { EMAIL_MAX_LENGTH, LoginSchema, type LoginRequest } from './login';

/**
 * A practical address (WHATWG `input type=email` grammar plus a dot in the domain, a local part of at most 64
 * characters that neither starts nor ends with a dot nor holds two in a row); spaces around it are trimmed by the
 * server, so they are allowed here.
 */
export const EMAIL_PATTERN =
  "^\\s*(?=[^@]{1,64}@)(?!\\.)(?![^@]*\\.\\.)[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+(?<!\\.)@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+\\s*$";

const email = <const Code extends 'email_invalid' | 'new_email_invalid'>(code: Code) =>
  ({
    type: 'string',
    maxLength: EMAIL_MAX_LENGTH,
    pattern: EMAIL_PATTERN,
    errorCodes: { required: code, type: code, maxLength: code, pattern: code },
  }) as const;

export const EmailField = email('email_invalid');
export const NewEmailField = email('new_email_invalid');

/** A new password: at least PASSWORD_MIN_LENGTH characters (`password_too_short`), at most PASSWORD_MAX_LENGTH. */
export const NewPasswordField = {
  type: 'string',
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  errorCodes: { minLength: { code: 'password_too_short', params: { min: PASSWORD_MIN_LENGTH } } },
} as const;

/**
 * A password as typed to prove who one is: not judged by today's policy, only bounded; an empty one is answered
 * as the wrong password it is (`old_password_wrong` on the password form, `password_wrong` on the email form).
 */
const currentPassword = <const Code extends 'old_password_wrong' | 'password_wrong'>(code: Code) =>
  ({
    type: 'string',
    minLength: 1,
    maxLength: PASSWORD_MAX_LENGTH * 4,
    errorCodes: { required: code, minLength: code },
  }) as const;

/** docs/product/member-model.md: not blank, no leading @, at most NAME_MAX_LENGTH characters once trimmed. */
export const NameField = {
  type: 'string',
  maxLength: 200,
  allOf: [
    { pattern: '\\S' },
    { pattern: '^\\s*[^\\s@]', errorCodes: { pattern: 'name_starts_with_at' } },
    { pattern: `^\\s*\\S(?:[\\s\\S]{0,${NAME_MAX_LENGTH - 2}}\\S)?\\s*$` },
  ],
} as const;

/** `YYYY-MM-DD`; whether it is a real date and old enough is `birthDateError` (it needs the site's minimum age). */
export const BirthDateField = { type: 'string', maxLength: 40 } as const;

const GenderField = { type: 'string', enum: ['male', 'female'] } as const;
const Text = <const Max extends number>(max: Max) => ({ type: 'string', maxLength: max }) as const;

/** `POST /api/signup.php` (`SignupRequest`); the account step of the signup form and the signup modal. */
export const SignupSchema = {
  type: 'object',
  properties: {
    name: NameField,
    gender: GenderField,
    seeking: GenderField,
    date_of_birth: BirthDateField,
    email: EmailField,
    password: NewPasswordField,
    locale: { type: 'string', enum: LOCALES },
    signup_message: Text(2000),
    profile_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    source: Text(SIGNUP_SOURCE_MAX_LENGTH),
    network: Text(200),
    ref: Text(200),
    sub1: Text(200),
    sub2: Text(200),
    sub3: Text(200),
  },
  // date_of_birth is left out on purpose: a missing one is `birthdate_required` with the site's minimum age.
  required: ['name', 'gender', 'email', 'password', 'locale'],
} as const;

/** `POST /api/password-reset.php` (`PasswordResetRequest`); the forgotten-password form. */
export const PasswordResetSchema = {
  type: 'object',
  properties: { email: EmailField },
  required: ['email'],
} as const;
/**
 * `POST /api/password-reset.php` — JSON `{ email }` → 204: mails a single-use, expiring link
 * `/reset-password/do?token=…`.
 * Errors: 400 `email_invalid`, 404 `email_not_found` ('E-mailadres niet gevonden'), 429 `reset_limit`
 * (daily limit: 'Te veel wachtwoordherstel mails verstuurd, …').
 */
export type PasswordResetRequest = Static<typeof PasswordResetSchema>;

/** `POST /api/password-reset-do.php` (`PasswordResetDoRequest`); the new-password form of the mailed link. */
export const PasswordResetDoSchema = {
  type: 'object',
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200 },
    password: NewPasswordField,
    password_repeat: { type: 'string', maxLength: PASSWORD_MAX_LENGTH * 4 },
  },
  required: ['token', 'password', 'password_repeat'],
} as const;
/**
 * `POST /api/password-reset-do.php` — JSON `PasswordResetDoRequest` → 204. Sets the password and ends every
 * session of the member (the client then logs in at /login).
 * Errors: 400 `passwords_differ` (password_repeat), 400 `password_too_short` (password, params `{ min }`),
 * 400 `link_invalid` (token unknown, used or expired: 'Link verlopen of invalide, …').
 */
export type PasswordResetDoRequest = Static<typeof PasswordResetDoSchema>;

/** `PUT /api/password.php` (`PasswordChangeRequest`); the password form of the profile settings. */
export const PasswordChangeSchema = {
  type: 'object',
  properties: { old_password: currentPassword('old_password_wrong'), password: NewPasswordField },
  required: ['old_password', 'password'],
} as const;
/**
 * `PUT /api/password.php` — logged in; JSON `{ old_password, password }` → 204. Other sessions end.
 * Errors: 400 `old_password_wrong` (old_password: 'Controleer je oude wachtwoord.'), 400 `password_too_short`.
 */
export type PasswordChangeRequest = Static<typeof PasswordChangeSchema>;

/** `POST /api/mail-change.php` (`MailChangeRequest`); the email-change form of the profile settings. */
export const MailChangeSchema = {
  type: 'object',
  properties: { email: NewEmailField, password: currentPassword('password_wrong') },
  required: ['email', 'password'],
} as const;
/**
 * `POST /api/mail-change.php` — logged in; JSON `{ email, password }` → 204: mails a confirmation link
 * `/mail-change/do?token=…` to the new address.
 * Errors: 400 `new_email_invalid` (email: 'Nieuw e-mailadres invalide.'), 409 `email_taken` (email),
 * 400 `password_wrong` (password).
 */
export type MailChangeRequest = Static<typeof MailChangeSchema>;

/** The fields of `PUT /api/profile.php` the profile form checks as it is typed (the route adds the option lists). */
export const ProfileFormSchema = {
  type: 'object',
  properties: { name: NameField, date_of_birth: BirthDateField },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Rules across fields or with a site setting: one function each, for the services and the resolvers.

/** docs/product/member-model.md: the profile name may not be the email address (compared trimmed, case-insensitively). */
export function nameError(name: string, email: string | null | undefined): FormError | null {
  const mail = (email ?? '').trim().toLowerCase();
  return mail && name.trim().toLowerCase() === mail ? { code: 'name_equals_email' } : null;
}

/** Oldest plausible member: older birth dates are typos. */
export const MAX_AGE = 120;

/** Whole years on `now` (UTC) of someone born on the ISO date `dateOfBirth`. */
export function ageOn(dateOfBirth: string, now = new Date()): number {
  const [y = 0, m = 1, d = 1] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/** docs/product/member-model.md: required with a minimum age ({min_age}+), a real calendar date, not in the future, at most MAX_AGE. */
export function birthDateError(
  input: string | null | undefined,
  minAge: number,
  now = new Date(),
): FormError | null {
  const value = (input ?? '').trim();
  const tooYoung: FormError = { code: 'birthdate_required', params: { min_age: minAge } };
  if (!value) return tooYoung;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return { code: 'birthdate_invalid' };
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || date > now)
    return { code: 'birthdate_invalid' };
  const age = ageOn(value, now);
  if (age > MAX_AGE) return { code: 'birthdate_invalid' };
  return age < minAge ? tooYoung : null;
}

/** The new address of an email change may not be the current one (compared trimmed, case-insensitively). */
export function newEmailError(email: string, current: string): FormError | null {
  return email.trim().toLowerCase() === current.trim().toLowerCase() ? { code: 'new_email_invalid' } : null;
}

/** The reset form's second password must equal the first. */
export function passwordsDifferError(password: string, repeat: string): FormError | null {
  return password === repeat ? null : { code: 'passwords_differ' };
}
