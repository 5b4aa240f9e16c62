/**
 * The login form's schema (docs/adr/0022-forms-and-schemas.md), on its own so that the login page, a first page of
 * visitors, loads only this and not every member form's schema (`./account`, which re-exports it).
 */
import type { Static } from 'typebox';

/** RFC 5321's longest address. */
export const EMAIL_MAX_LENGTH = 254;

/** `POST /api/user.php` with a form body (`LoginRequest`); the login form. */
export const LoginSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', minLength: 3, maxLength: EMAIL_MAX_LENGTH },
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
  required: ['email', 'password'],
} as const;
export type LoginRequest = Static<typeof LoginSchema>;
