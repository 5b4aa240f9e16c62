import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  title?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** When true, neither the backdrop nor Escape closes it (e.g. while signup is in progress). */
  locked?: boolean;
  /** Accessible label of the × button (translated); without it there is no × button. */
  closeLabel?: string;
  size?: 'sm' | 'lg';
  centered?: boolean;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside `root`, in tab order (hidden ones left out where the browser can tell). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && (element.checkVisibility?.() ?? true),
  );
}

/** Open dialogs, innermost last: only the innermost one traps focus and answers Escape. */
const openDialogs: HTMLElement[] = [];

/**
 * A Bootstrap-styled dialog rendered into document.body, without Bootstrap's JavaScript. While open it keeps the
 * keyboard focus inside (Tab and Shift+Tab wrap around, focus that escapes is brought back), Escape closes it
 * unless locked, and on close the focus returns to the element that had it when the dialog opened.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  locked = false,
  closeLabel,
  size,
  centered = true,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const lockedRef = useRef(locked);
  lockedRef.current = locked;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return undefined;
    const opener =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body
        ? document.activeElement
        : null;
    openDialogs.push(dialog);
    document.body.classList.add('modal-open');
    if (!dialog.contains(document.activeElement)) dialog.focus();

    const innermost = () => openDialogs[openDialogs.length - 1] === dialog;
    const onKey = (event: KeyboardEvent) => {
      if (!innermost()) return;
      if (event.key === 'Escape') {
        if (!lockedRef.current) {
          event.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that leaves the dialog (a click on the page behind, a script) is brought back to it.
    const onFocusIn = (event: FocusEvent) => {
      if (!innermost() || !(event.target instanceof Node) || dialog.contains(event.target)) return;
      (focusableIn(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (openDialogs.length === 0) document.body.classList.remove('modal-open');
      // Back to where the user was, unless that element is gone or the focus already moved elsewhere on purpose.
      const focusLost =
        !document.activeElement ||
        document.activeElement === document.body ||
        dialog.contains(document.activeElement);
      if (opener?.isConnected && focusLost) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  const dialogClass = ['modal-dialog', centered ? 'modal-dialog-centered' : '', size ? `modal-${size}` : '']
    .filter(Boolean)
    .join(' ');
  return createPortal(
    <>
      <div
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        tabIndex={-1}
        ref={dialogRef}
        onMouseDown={(event) => {
          if (event.target === event.currentTarget && !locked) onClose();
        }}
      >
        <div className={dialogClass}>
          <div className="modal-content">
            {title || closeLabel ? (
              <div className="modal-header">
                {title ? (
                  <h2 className="modal-title h5" id={titleId}>
                    {title}
                  </h2>
                ) : null}
                {closeLabel ? (
                  <button type="button" className="btn-close" aria-label={closeLabel} onClick={onClose} />
                ) : null}
              </div>
            ) : null}
            <div className="modal-body">{children}</div>
            {footer ? <div className="modal-footer">{footer}</div> : null}
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>,
    document.body,
  );
}
