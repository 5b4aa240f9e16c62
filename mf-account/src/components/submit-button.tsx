import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  variant?: string;
  className?: string;
  disabled?: boolean;
}

/** Disabled while the request runs, so a double click cannot send it twice. */
export function SubmitButton({
  pending,
  children,
  variant = 'primary',
  className = '',
  disabled,
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`btn btn-${variant} ${className}`}
      disabled={pending || disabled}
      aria-busy={pending}
    >
      {pending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
