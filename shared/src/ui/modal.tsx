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

/** A Bootstrap-styled dialog rendered into document.body, without Bootstrap's JavaScript. */
export function Modal({ open, onClose, title, children, footer, locked = false, closeLabel, size, centered = true }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    document.body.classList.add('modal-open');
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !locked) onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
    };
  }, [open, locked]);

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
