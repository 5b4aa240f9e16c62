import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dating/shared/contract/account';
import type { Gender, Sexuality } from '@dating/shared/contract/index';
import { ApiError, badInput } from '../../../lib/errors';
import { ageOn } from '../../members';

/** Oldest plausible member: older birth dates are typos. */
const MAX_AGE = 120;

/**
 * A practical address check (WHATWG `input type=email` grammar plus a dot in the domain): what a mail server
 * accepts and a member can type. Lengths per RFC 5321.
 */
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  const e = email.trim();
  if (e.length > 254 || !EMAIL_RE.test(e)) return false;
  const [local = ''] = e.split('@');
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/** SPEC §5: not empty, not too long, no leading @, not the email address. */
export function checkName(nameInput: string, email: string | null): string {
  const name = nameInput.trim();
  if (!name || name.length > NAME_MAX_LENGTH) throw badInput('name');
  if (name.startsWith('@')) throw badInput('name', 'name_starts_with_at');
  if (email && name.toLowerCase() === normaliseEmail(email)) throw badInput('name', 'name_equals_email');
  return name;
}

/** SPEC §5: required with a minimum age ({min_age}+), and a real calendar date. Returns `YYYY-MM-DD`. */
export function checkBirthDate(input: string | undefined | null, minAge: number, now = new Date()): string {
  const value = (input ?? '').trim();
  if (!value) throw badInput('date_of_birth', 'birthdate_required', { min_age: minAge });
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) throw badInput('date_of_birth', 'birthdate_invalid');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || date > now) {
    throw badInput('date_of_birth', 'birthdate_invalid');
  }
  const age = ageOn(value, now);
  if (age > MAX_AGE) throw badInput('date_of_birth', 'birthdate_invalid');
  if (age < minAge) throw badInput('date_of_birth', 'birthdate_required', { min_age: minAge });
  return value;
}

/** Password policy (ASVS 2.1): at least PASSWORD_MIN_LENGTH characters, at most 128, and not the email address. */
export function checkPassword(password: string, email: string | null, field = 'password'): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new ApiError(400, 'password_too_short', { min: PASSWORD_MIN_LENGTH }, field);
  }
  if (password.length > PASSWORD_MAX_LENGTH) throw badInput(field);
  if (email && password.trim().toLowerCase() === normaliseEmail(email)) throw badInput(field);
}

/** Signup asks whom the member seeks; the profile stores a sexuality (SPEC §3). */
export function sexualityFor(gender: Gender, seeking: Gender | undefined): Sexuality {
  const other: Gender = gender === 'male' ? 'female' : 'male';
  const wanted = seeking ?? other;
  if (wanted !== gender) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}
