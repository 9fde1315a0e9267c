import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'ghost' | 'danger' | 'link';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  variant?: Variant;
  busy?: boolean;
}

/** A button always says what it does: without a label it refuses to render (spec 1 §8). */
export function Button({ label, variant = 'primary', busy = false, className, type = 'button', disabled, ...rest }: ButtonProps) {
  if (!label) throw new Error('Button label is required');
  return (
    <button
      type={type}
      className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}
