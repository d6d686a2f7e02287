import '../market.css';
import { price, signedPercent, trend } from '../../../lib/format';

/** A price with the symbol's precision, left-to-right even in RTL pages. */
export function PriceText({ value, precision, className, testId }: { value: string | undefined; precision: number; className?: string; testId?: string }) {
  return (
    <span className={`tp-num ${className ?? ''}`} data-testid={testId}>
      {price(value, precision)}
    </span>
  );
}

/** A change percent coloured green up / red down. `pill` shows it on a coloured background. */
export function ChangeText({ value, pill, testId }: { value: string | undefined; pill?: boolean; testId?: string }) {
  const dir = trend(value);
  return (
    <span className={`tp-num tp-change tp-change-${dir}${pill ? ' tp-change-pill' : ''}`} data-testid={testId} data-trend={dir}>
      {signedPercent(value)}
    </span>
  );
}
