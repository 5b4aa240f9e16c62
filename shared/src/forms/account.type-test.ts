// Compiled by `tsc -b`, never run: each form schema's TypeBox `Static<>` must be the contract's request type, so a
// field added, renamed or retyped on one side only fails the build. `@ts-expect-error` lines prove the check bites.
// Since the contract's request types are derived from these schemas (`contract/account.ts`, `contract/user.ts`;
// docs/adr/0022 addendum), the checks hold by construction; they fail if a type is written by hand again.
import type { Static } from 'typebox';
import type {
  MailChangeRequest,
  PasswordChangeRequest,
  PasswordResetDoRequest,
  PasswordResetRequest,
  ProfileUpdateRequest,
  SignupRequest,
} from '../contract/account';
import type { LoginRequest } from '../contract/user';
import type {
  LoginSchema,
  MailChangeSchema,
  PasswordChangeSchema,
  PasswordResetDoSchema,
  PasswordResetSchema,
  ProfileFormSchema,
  SignupSchema,
} from './account';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
function agree<T extends true>(): T | undefined {
  return undefined;
}

agree<Same<Static<typeof LoginSchema>, LoginRequest>>();
agree<Same<Static<typeof PasswordResetSchema>, PasswordResetRequest>>();
agree<Same<Static<typeof PasswordResetDoSchema>, PasswordResetDoRequest>>();
agree<Same<Static<typeof PasswordChangeSchema>, PasswordChangeRequest>>();
agree<Same<Static<typeof MailChangeSchema>, MailChangeRequest>>();
// The server takes a signup without a birth date (it answers `birthdate_required` with the site's minimum age),
// so the schema leaves it optional where the contract, which the client fills, requires it.
agree<Same<Static<typeof SignupSchema>, Omit<SignupRequest, 'date_of_birth'> & { date_of_birth?: string }>>();
agree<Same<Static<typeof ProfileFormSchema>, Pick<ProfileUpdateRequest, 'name' | 'date_of_birth'>>>();

// @ts-expect-error a request type with one more field does not agree with the schema
agree<Same<Static<typeof MailChangeSchema>, MailChangeRequest & { reason: string }>>();
// @ts-expect-error nor does one whose field has another type
agree<Same<Static<typeof PasswordResetSchema>, { email: number }>>();
// @ts-expect-error nor one whose optional field is required
agree<Same<Static<typeof SignupSchema>, SignupRequest>>();
