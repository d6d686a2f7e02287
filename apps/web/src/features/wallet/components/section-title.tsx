import type { ReactNode } from 'react';

/** Section heading with an optional action at the end. */
export function SectionTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="tp-section-row">
      <h3 className="tp-section-title">{children}</h3>
      {extra}
    </div>
  );
}
