import { PASSWORD_MIN_LENGTH, type ErrorCode } from '@dating/shared';

/** A client-side finding, keyed like the server's error codes so both show the same catalogue text. */
export interface FieldError {
  code: ErrorCode;
  params?: Record<string, string | number>;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function validateName(name: string, email: string): FieldError | null {
  const trimmed = name.trim();
  if (!trimmed) return { code: 'validation' };
  if (trimmed.startsWith('@')) return { code: 'name_starts_with_at' };
  if (email.trim() && trimmed.toLowerCase() === email.trim().toLowerCase())
    return { code: 'name_equals_email' };
  return null;
}

/** Age in whole years on `today` of someone born on the ISO date `dateOfBirth`. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
}

export function validateBirthdate(
  dateOfBirth: string,
  minAge: number,
  today = new Date(),
): FieldError | null {
  if (!dateOfBirth) return { code: 'birthdate_required', params: { min_age: minAge } };
  const age = ageOn(dateOfBirth, today);
  if (age === null || age > 120) return { code: 'birthdate_invalid' };
  if (age < minAge) return { code: 'birthdate_required', params: { min_age: minAge } };
  return null;
}

export function validateEmail(email: string): FieldError | null {
  return isValidEmail(email) ? null : { code: 'email_invalid' };
}

export function validatePassword(password: string): FieldError | null {
  return password.length >= PASSWORD_MIN_LENGTH
    ? null
    : { code: 'password_too_short', params: { min: PASSWORD_MIN_LENGTH } };
}
