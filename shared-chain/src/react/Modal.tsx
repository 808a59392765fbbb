import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** The control a dialog focuses when it opens (React keeps `autoFocus` off the DOM). */
const AUTOFOCUS = 'data-autofocus';

/**
 * A modal dialog: the browser's own <dialog> opened with showModal(), so the page behind is inert,
 * the keyboard's focus moves in (to the control marked `data-autofocus`, else the first one) and
 * stays in, and goes back where it was on close, or to `returnFocus` when that control is gone
 * (CONNECT WALLET, replaced by the wallet once it connects). Escape asks to close (`onClose`), as
 * does a click beside the dialog when `closeOnBackdrop`. Drawn by the shell's stylesheet
 * (`dialog.jm-modal`).
 */
export function Modal({
  label,
  onClose,
  closeOnBackdrop = false,
  returnFocus,
  className,
  children,
  ...data
}: {
  label: string;
  onClose: () => void;
  closeOnBackdrop?: boolean;
  returnFocus?: () => HTMLElement | null | undefined;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
  'data-status'?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const fallback = useRef(returnFocus);
  fallback.current = returnFocus;
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const before = document.activeElement;
    // Closed by the browser itself (Escape pressed twice, or with no user gesture since it
    // opened: no cancel event then): the owner's state follows.
    const closedByBrowser = () => close.current();
    element.addEventListener('close', closedByBrowser);
    if (!element.open) element.showModal();
    element.querySelector<HTMLElement>(`[${AUTOFOCUS}]`)?.focus();
    return () => {
      element.removeEventListener('close', closedByBrowser);
      if (element.open) element.close();
      if (before instanceof HTMLElement && before.isConnected) before.focus();
      // Once the page has drawn what replaced the opener, unless something took the focus.
      else
        setTimeout(() => {
          const lost = document.activeElement === null || document.activeElement === document.body;
          if (lost) fallback.current?.()?.focus();
        }, 0);
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={label}
      className={className ? `jm-modal ${className}` : 'jm-modal'}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => closeOnBackdrop && event.target === dialog.current && onClose()}
      {...data}
    >
      <div className="jm-modal-body">{children}</div>
    </dialog>
  );
}
