import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  text?: string;
  /** A call to action (a link or button). */
  action?: ReactNode;
  icon?: ReactNode;
}

/** What a list shows when it has nothing yet: a short title, an explanation and one action. */
export function EmptyState({ title, text, action, icon }: EmptyStateProps) {
  return (
    <div className="text-center py-5 px-3">
      {icon ? (
        <div className="display-5 text-secondary mb-3" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="h5">{title}</h2>
      {text ? <p className="text-body-secondary mb-3">{text}</p> : null}
      {action}
    </div>
  );
}
