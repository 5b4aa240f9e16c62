import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { checkForm, type FormError, type FormSchema } from './check';

/** Rules across fields or with a setting (`nameError`, `birthDateError`…), per field, run after the schema's. */
export type FormRules<Values, Context> = (
  values: Values,
  context: Context,
) => { [K in keyof Values]?: FormError | null };

/**
 * A react-hook-form resolver of one of the shared form schemas (`./account`): the fields the form holds are
 * checked with `checkForm` (no eval, no validator library), then `rules`. A field's error carries the catalogue
 * code as `type` and its parameters as `types`; `formError` turns it back into a `FormError` to word.
 */
export function schemaResolver<Values extends FieldValues, Context = undefined>(
  schema: FormSchema,
  rules?: FormRules<Values, Context>,
): Resolver<Values, Context> {
  return (values, context) => {
    const errors: Record<string, FieldError> = {};
    const add = (name: string, error: FormError | null | undefined) => {
      if (!error || errors[name]) return;
      const types = Object.fromEntries(Object.entries(error.params ?? {}).map(([k, v]) => [k, String(v)]));
      errors[name] = { type: error.code, message: error.code, types };
    };
    for (const [name, error] of checkForm(schema, values, Object.keys(values))) add(name, error);
    for (const [name, error] of Object.entries(rules?.(values, context as Context) ?? {}))
      add(name, error as FormError | null);
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<Values> }
      : { values, errors: {} };
  };
}

/** The catalogue finding behind a react-hook-form field error made by `schemaResolver`. */
export function formError(error: Pick<FieldError, 'type' | 'types'> | undefined): FormError | null {
  if (!error) return null;
  return { code: error.type as FormError['code'], params: (error.types ?? {}) as FormError['params'] };
}
