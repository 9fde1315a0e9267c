import { Button } from '@/components/button';
import { Modal } from '@/components/modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence the person can say yes to. */
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a write that cannot be taken back (delete, publish); Cancel and Escape leave everything as it was. */
export function ConfirmDialog({ open, title, message, confirmLabel, danger = false, busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} size="sm">
      <p>{message}</p>
      <div className="response-actions">
        <Button label="Cancel" variant="ghost" onClick={onClose} />
        <Button label={confirmLabel} variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm} />
      </div>
    </Modal>
  );
}
