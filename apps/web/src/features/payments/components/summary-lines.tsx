import type { ReactNode } from 'react';
import { peso } from '@school/shared/payments/money';

export interface SummaryLine {
  label: string;
  value: number;
  /** Shown beside the label (the coin rate's tooltip). */
  extra?: ReactNode;
  total?: boolean;
}

/** A price breakdown: one label and amount a line, the total last and strong. */
export function SummaryLines({ lines, label }: { lines: SummaryLine[]; label: string }) {
  return (
    <dl className="summary-lines" aria-label={label}>
      {lines.map((line) => (
        <div key={line.label} className={line.total ? 'summary-total' : undefined}>
          <dt>
            {line.label}
            {line.extra}
          </dt>
          <dd>{peso(line.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
