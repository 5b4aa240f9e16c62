import type { FieldError } from 'react-hook-form';
import { formError } from '@dating/shared/forms/resolver';
import type { ErrorTexts } from './errors';

/** The catalogue text of a field's finding: the form schema's rule (client side) or, failing that, the server's. */
export function fieldText(errors: ErrorTexts, error: FieldError | undefined): string | null {
  return errors.field(formError(error));
}
