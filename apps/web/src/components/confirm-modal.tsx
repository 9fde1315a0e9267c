import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/** Confirm and Cancel (spec 1 §2). */
export function ConfirmModal({ open, title, message, onConfirm, onCancel, busy }: ConfirmModalProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title} size="sm">
      <div className="response-message">{message}</div>
      <div className="response-actions">
        <Button label="Cancel" variant="ghost" onClick={onCancel} />
        <Button label="Confirm" onClick={onConfirm} busy={busy} />
      </div>
    </Modal>
  );
}
