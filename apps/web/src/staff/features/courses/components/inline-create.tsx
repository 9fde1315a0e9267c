import type { ReactNode } from 'react';

/**
 * A small group that adds a choice (a lecturer, a subcategory) inside a bigger form. Not a form of its own (forms
 * do not nest): Enter in one of its fields adds, rather than saving the form around it.
 */
export function InlineCreate({ label, onSubmit, children }: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <div
      className="inline-create"
      role="group"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          onSubmit();
        }
      }}
    >
      {children}
    </div>
  );
}
