import type { ReactNode } from 'react';

/** A link out of a dialog: it opens in a new tab, so that what was typed stays, and says so to screen readers. */
export function NewTabLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
