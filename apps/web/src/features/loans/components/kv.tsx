import type { ReactNode } from 'react';

/** A label and its value on one line. */
export function Kv({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="tp-loan-kv">
      <span className="tp-muted">{label}</span>
      <span className="tp-loan-kv-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}
