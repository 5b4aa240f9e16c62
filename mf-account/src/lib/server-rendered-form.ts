import type { FieldValues, Path, PathValue, UseFormReturn, UseFormRegisterReturn } from 'react-hook-form';

/**
 * A field's registration that keeps what the visitor typed into the server-rendered input before the page was
 * hydrated (docs/adr/0030, addendum "Login, signup and the static pages"): react-hook-form would otherwise write its
 * default value into the input when it registers it. Whatever the input holds when it is attached and differs from
 * the form's value becomes the form's value (once: afterwards the input's own change events keep them equal).
 */
export function keepValueBeforeHydration<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setValue'>,
  registration: UseFormRegisterReturn<Path<T>>,
): UseFormRegisterReturn<Path<T>> {
  return {
    ...registration,
    ref: (element: HTMLInputElement | null) => {
      if (element && element.value && element.value !== form.getValues(registration.name))
        form.setValue(registration.name, element.value as PathValue<T, Path<T>>);
      registration.ref(element);
    },
  };
}
