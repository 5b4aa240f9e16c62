import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface BaseProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
}
/** Either a react-hook-form field (`register('email')`: its ref lets the form focus the first error)… */
interface RegisteredProps extends BaseProps {
  registration: UseFormRegisterReturn;
  value?: never;
  onChange?: never;
}
/** …or a controlled value… */
interface ControlledProps extends BaseProps {
  registration?: never;
  value: string;
  onChange(value: string): void;
}
/** …or a named input whose value stays the browser's (read from the form when it is sent: the login form). */
interface UncontrolledProps extends BaseProps {
  name: string;
  registration?: never;
  value?: never;
  onChange?: never;
}
export type TextFieldProps = RegisteredProps | ControlledProps | UncontrolledProps;

/** A labelled input whose error is announced with it (aria-describedby), Bootstrap-styled. */
export function TextField({
  id,
  label,
  value,
  onChange,
  registration,
  error,
  hint,
  className = '',
  ...input
}: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={`mb-3 ${className}`}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        {...(registration ??
          ('name' in input ? {} : { value, onChange: (event) => onChange?.(event.target.value) }))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
