import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A Bootstrap-styled dropdown without Bootstrap's JavaScript: closes on outside click, Escape and choice. The shell's
 * navigation and mf-chat's conversation menu use it (remotes never import the shell).
 */
export function Dropdown({
  label, toggleClassName, children, align = 'end', ariaLabel,
}: {
  label: ReactNode;
  toggleClassName: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className={`dropdown-toggle ${toggleClassName}`}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      <ul id={menuId} className={`dropdown-menu ${align === 'end' ? 'dropdown-menu-end' : ''} ${open ? 'show' : ''}`}>
        {children(() => setOpen(false))}
      </ul>
    </div>
  );
}
