/**
 * Accessible modal dialog on the native `<dialog>` element (`showModal()` makes the rest of the page
 * inert and traps focus). `role` is `dialog` or `alertdialog`; title and description are wired with
 * aria-labelledby / aria-describedby. Escape calls `onClose` (unless `dismissible` is false).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

/** Props of {@link Dialog}. */
export interface DialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons row. */
  actions: ReactNode;
  onClose: () => void;
  role?: 'dialog' | 'alertdialog';
  dismissible?: boolean;
  variant?: 'default' | 'error' | 'warning';
}

/** Modal dialog; renders nothing when closed. */
export function Dialog({ open, title, children, actions, onClose, role = 'dialog', dismissible = true, variant = 'default' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      returnFocus.current = document.activeElement;
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    }
    if (!open && el.open) el.close();
  }, [open]);

  useEffect(() => {
    if (open) return;
    const prev = returnFocus.current;
    if (prev instanceof HTMLElement) prev.focus();
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={children ? descId : undefined}
      className={`dialog dialog--${variant}`}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissible) onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children && (
        <div id={descId} className="dialog__body">
          {children}
        </div>
      )}
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
}
