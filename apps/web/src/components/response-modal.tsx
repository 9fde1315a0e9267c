import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/** The response modal types of spec 1 §2; each picks an icon and a tone. */
export type ResponseType =
  | 'text' | 'completed' | 'radio' | 'schedule' | 'rating' | 'incomplete_profile' | 'incomplete_mcle_profile'
  | 'email' | 'incomplete_kyc' | 'no_class' | 'select_class' | 'not_student' | 'course_not_open' | 'course_ended'
  | 'announcement' | 'pay_later' | 'announcement-no-border' | 'success' | 'warning' | 'error';

const tone: Partial<Record<ResponseType, { icon: string; className: string }>> = {
  success: { icon: '✓', className: 'tone-success' },
  completed: { icon: '✓', className: 'tone-success' },
  warning: { icon: '!', className: 'tone-warning' },
  incomplete_profile: { icon: '!', className: 'tone-warning' },
  incomplete_mcle_profile: { icon: '!', className: 'tone-warning' },
  incomplete_kyc: { icon: '!', className: 'tone-warning' },
  email: { icon: '✉', className: 'tone-warning' },
  error: { icon: '×', className: 'tone-error' },
  not_student: { icon: '×', className: 'tone-error' },
  course_ended: { icon: '×', className: 'tone-error' },
};

export interface ResponseAction {
  label: string;
  onClick: () => void;
  variant?: 'primary' | 'ghost';
}

export interface ResponseModalProps {
  open: boolean;
  type: ResponseType;
  title: string;
  message?: ReactNode;
  actions?: ResponseAction[];
  onClose: () => void;
}

export function ResponseModal({ open, type, title, message, actions = [], onClose }: ResponseModalProps) {
  const look = tone[type];
  return (
    <Modal open={open} onClose={onClose} title={title} size="sm" hideTitle>
      <div className={`response ${look?.className ?? ''} ${type === 'announcement-no-border' ? 'no-border' : ''}`}>
        {look && (
          <span className="response-icon" aria-hidden="true">
            {look.icon}
          </span>
        )}
        <p className="response-title" aria-hidden="true">
          {title}
        </p>
        {message && <div className="response-message">{message}</div>}
        <div className="response-actions">
          {(actions.length > 0 ? actions : [{ label: 'Okay', onClick: onClose }]).map((action) => (
            <Button key={action.label} label={action.label} variant={action.variant ?? 'primary'} onClick={action.onClick} />
          ))}
        </div>
      </div>
    </Modal>
  );
}
