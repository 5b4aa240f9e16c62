import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A Bootstrap-styled dropdown without Bootstrap's JavaScript: closes on outside click, Escape and choice. The
 * shell's navigation and mf-chat's conversation menu use it (remotes never import the shell). The
 * toggle is named by its content (`label`, with visually hidden text where the visible part is an icon or code).
 * Escape and focus leaving the menu close it; Escape returns the focus to the toggle.
 */
export function Dropdown({
  label,
  toggleClassName,
  children,
  align = 'end',
}: {
  label: ReactNode;
  toggleClassName: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (ref.current?.contains(document.activeElement)) toggleRef.current?.focus();
    };
    const onFocus = (event: FocusEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className={`dropdown-toggle ${toggleClassName}`}
        aria-expanded={open}
        aria-controls={menuId}
        ref={toggleRef}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      <ul
        id={menuId}
        className={`dropdown-menu ${align === 'end' ? 'dropdown-menu-end' : ''} ${open ? 'show' : ''}`}
      >
        {children(() => setOpen(false))}
      </ul>
    </div>
  );
}
