import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@dating/shared';
import * as forms from '@dating/shared/forms/account';
import type { FieldSchema, FormError } from '@dating/shared/forms/check';

/** Every catalogue code a form schema can put under a field, from its `errorCodes` (`validation` by default). */
function schemaCodes(): Set<string> {
  const codes = new Set<string>(['validation']);
  const visit = (field: FieldSchema) => {
    for (const found of Object.values(field.errorCodes ?? {}))
      codes.add(typeof found === 'string' ? found : (found as FormError).code);
    field.allOf?.forEach(visit);
  };
  for (const value of Object.values(forms)) {
    const properties = (value as { properties?: Record<string, FieldSchema> }).properties;
    if (properties) Object.values(properties).forEach(visit);
  }
  return codes;
}

// The rules across fields answer these (shared/src/forms/account.ts).
const RULE_CODES = [
  'name_equals_email',
  'birthdate_required',
  'birthdate_invalid',
  'new_email_invalid',
  'passwords_differ',
];

test.each(LOCALES)(
  'every code a member form can show under a field has its text in the %s account catalogue',
  (lng) => {
    const errors = (
      JSON.parse(readFileSync(join(__dirname, `../locales/${lng}.json`), 'utf8')) as {
        errors: Record<string, string>;
      }
    ).errors;
    const codes = [...schemaCodes(), ...RULE_CODES];
    expect(codes).toEqual(
      expect.arrayContaining(['password_too_short', 'old_password_wrong', 'password_wrong']),
    );
    expect(codes.filter((code) => !errors[code])).toEqual([]);
  },
);
