import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dating/shared/contract/account';
import type { Gender, Sexuality } from '@dating/shared/contract/index';
import { checkField, type FormError } from '@dating/shared/forms/check';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NameField,
  birthDateError,
  nameError,
} from '@dating/shared/forms/account';
import { ApiError, badInput } from '../../../lib/errors';

/** The shared email rule of the form schemas (`EMAIL_PATTERN`), for the services that take an address. */
const EMAIL_RE = new RegExp(EMAIL_PATTERN, 'u');

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.trim().length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(email);
}

const thrown = (field: string, error: FormError | null): void => {
  if (error) throw badInput(field, error.code, error.params && { ...error.params });
};

/**
 * docs/product/member-model.md: not empty, not too long, no leading @ (the schema's `NameField`, checked again here because the
 * services are called without a route too), not the email address (`nameError`).
 */
export function checkName(nameInput: string, email: string | null): string {
  thrown('name', checkField(NameField, nameInput));
  thrown('name', nameError(nameInput, email));
  return nameInput.trim();
}

/** docs/product/member-model.md: required with a minimum age ({min_age}+), and a real calendar date (`birthDateError`). */
export function checkBirthDate(input: string | undefined | null, minAge: number, now = new Date()): string {
  thrown('date_of_birth', birthDateError(input, minAge, now));
  return (input ?? '').trim();
}

/** Password policy (ASVS 2.1): at least PASSWORD_MIN_LENGTH characters, at most 128, and not the email address. */
export function checkPassword(password: string, email: string | null, field = 'password'): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new ApiError(400, 'password_too_short', { min: PASSWORD_MIN_LENGTH }, field);
  }
  if (password.length > PASSWORD_MAX_LENGTH) throw badInput(field);
  if (email && password.trim().toLowerCase() === normaliseEmail(email)) throw badInput(field);
}

/** Signup asks whom the member seeks; the profile stores a sexuality (docs/product/member-model.md). */
export function sexualityFor(gender: Gender, seeking: Gender | undefined): Sexuality {
  const other: Gender = gender === 'male' ? 'female' : 'male';
  const wanted = seeking ?? other;
  if (wanted !== gender) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}
