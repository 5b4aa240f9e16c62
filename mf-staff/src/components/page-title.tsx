import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The one h1 of a staff page. It takes the focus when the page opens, so a screen reader announces the new page
 * after a client-side navigation and keyboard users start from the top of it.
 */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 ref={ref} tabIndex={-1} className="h3 mb-0 staff-focus-target">
        {children}
      </h1>
      {actions}
    </div>
  );
}
