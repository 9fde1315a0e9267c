import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Hide the visible heading but keep it as the dialog's accessible name. */
  hideTitle?: boolean;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/**
 * The native <dialog> in modal mode: focus moves in and is trapped, Escape closes, and focus
 * returns to what opened it.
 */
export function Modal({ open, onClose, title, hideTitle = false, size = 'md', children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // The content (and the focus in it) is gone before this runs, often with the whole dialog, so the
      // browser cannot restore focus itself: give it back to the opener when it is still on the page.
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="modal-content">
          <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal-title'}>
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
