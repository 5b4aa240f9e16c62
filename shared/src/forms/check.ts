/**
 * A small interpreter of the JSON Schema subset the form schemas use (type, minLength, maxLength, pattern, enum,
 * minimum, maximum, allOf, required), for the browser: no `new Function`/eval (the CSP may forbid it) and a few
 * hundred bytes instead of a validator in the first load of `/login`. The server validates the same schemas with
 * Fastify's ajv and, when ajv refuses a body, asks `firstFormError` which catalogue code to answer, so both sides
 * word a finding the same way (docs/adr/0022-forms-and-schemas.md).
 *
 * `errorCodes` is this project's annotation (ajv is told it is a keyword): the catalogue key of the rule that
 * failed, per keyword; a rule without one answers `validation`. Lengths count code points, as JSON Schema does.
 */
import type { ErrorCode } from '../contract/values/common';

/** A finding, keyed like the server's error codes so both show the same catalogue text. */
export interface FormError {
  code: ErrorCode;
  params?: Readonly<Record<string, string | number>>;
}

export type RuleKeyword =
  'type' | 'minLength' | 'maxLength' | 'pattern' | 'enum' | 'minimum' | 'maximum' | 'required';

export type ErrorCodes = { readonly [K in RuleKeyword]?: ErrorCode | FormError };

export interface FieldSchema {
  readonly type?: 'string' | 'integer' | 'number' | 'boolean';
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly enum?: readonly (string | number | boolean)[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly allOf?: readonly FieldSchema[];
  readonly errorCodes?: ErrorCodes;
}

export interface FormSchema {
  readonly type: 'object';
  readonly properties: { readonly [name: string]: FieldSchema };
  readonly required?: readonly string[];
}

const patterns = new Map<string, RegExp>();

function failed(schema: FieldSchema, keyword: RuleKeyword): FormError {
  const found = schema.errorCodes?.[keyword];
  return typeof found === 'string' ? { code: found } : (found ?? { code: 'validation' });
}

function typeOk(type: FieldSchema['type'], value: unknown): boolean {
  if (type === 'string') return typeof value === 'string';
  if (type === 'boolean') return typeof value === 'boolean';
  // A type outside this subset (a TypeBox `Nullable` is `anyOf`) is left to ajv.
  if (type !== 'number' && type !== 'integer') return true;
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return type === 'number' || Number.isInteger(value);
}

/** The first rule of `schema` that `value` breaks, or null. */
export function checkField(schema: FieldSchema, value: unknown): FormError | null {
  if (schema.type && !typeOk(schema.type, value)) return failed(schema, 'type');
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) return failed(schema, 'minLength');
    if (schema.maxLength !== undefined && length > schema.maxLength) return failed(schema, 'maxLength');
    if (schema.pattern !== undefined) {
      let re = patterns.get(schema.pattern);
      if (!re) patterns.set(schema.pattern, (re = new RegExp(schema.pattern, 'u')));
      if (!re.test(value)) return failed(schema, 'pattern');
    }
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return failed(schema, 'minimum');
    if (schema.maximum !== undefined && value > schema.maximum) return failed(schema, 'maximum');
  }
  if (schema.enum && !schema.enum.includes(value as string)) return failed(schema, 'enum');
  for (const part of schema.allOf ?? []) {
    const found = checkField(part, value);
    if (found) return found;
  }
  return null;
}

/**
 * Every field of `values` that breaks `schema`, in the order ajv reports them (a missing required field first,
 * then the properties in schema order). `only` limits the check to the fields a form shows.
 */
export function checkForm(
  schema: FormSchema,
  values: Readonly<Record<string, unknown>>,
  only?: readonly string[],
): [field: string, error: FormError][] {
  const found: [string, FormError][] = [];
  const shown = (name: string) => !only || only.includes(name);
  for (const name of schema.required ?? []) {
    const field = schema.properties[name];
    if (field && shown(name) && values[name] === undefined) found.push([name, failed(field, 'required')]);
  }
  for (const [name, field] of Object.entries(schema.properties)) {
    if (!shown(name) || values[name] === undefined) continue;
    const error = checkField(field, values[name]);
    if (error) found.push([name, error]);
  }
  return found;
}

/** The finding the server answers for a body ajv refused (the first, as ajv stops at the first). */
export function firstFormError(
  schema: FormSchema,
  values: unknown,
): { field: string; error: FormError } | null {
  if (!values || typeof values !== 'object') return null;
  const [first] = checkForm(schema, values as Record<string, unknown>);
  return first ? { field: first[0], error: first[1] } : null;
}

/** Whether a route's schema is one of these form schemas (it carries `errorCodes` somewhere). */
export function isFormSchema(schema: unknown): schema is FormSchema {
  const properties = (schema as FormSchema | undefined)?.properties;
  return (
    !!properties &&
    typeof properties === 'object' &&
    Object.values(properties).some(
      (field) => !!field && (!!field.errorCodes || !!field.allOf?.some((part) => !!part.errorCodes)),
    )
  );
}
