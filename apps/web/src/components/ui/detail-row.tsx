import type { ReactNode } from 'react';

/** One line of a detail sheet: a muted label at the start, the value at the end. */
export function DetailRow({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="tp-detail-row">
      <span className="tp-muted">{label}</span>
      <span data-testid={testId}>{children}</span>
    </div>
  );
}
