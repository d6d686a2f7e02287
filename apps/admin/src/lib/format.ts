/**
 * A decimal string of the API ("250.00000000") as staff read it ("250.00"): trailing zeros past
 * two decimals dropped, every significant digit kept. Strings in, strings out: money is never a
 * float here either.
 */
export function formatDecimal(value: string): string {
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, whole, fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  return `${whole}.${significant.padEnd(2, '0')}`;
}

/** An amount and its currency: "250.00 USDT". */
export function formatAmount(value: string, currency: string): string {
  return `${formatDecimal(value)} ${currency}`;
}
