import type { ReactNode } from 'react';

export interface FormAlertProps {
  kind?: 'danger' | 'success' | 'info' | 'warning';
  children: ReactNode;
  className?: string;
}

/** Errors interrupt (role=alert); confirmations are announced politely (role=status). */
export function FormAlert({ kind = 'danger', children, className = '' }: FormAlertProps) {
  return (
    <div className={`alert alert-${kind} ${className}`} role={kind === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
