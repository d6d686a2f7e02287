import { fixed, type DecimalLike } from '@tp/domain';

/**
 * Amounts on the wire carry 8 decimals, rounded toward zero (never show more than is there);
 * the same rendering getBalance uses. Inputs accept at most 8 decimals, so records render exactly.
 */
export function wireMoney(value: DecimalLike): string {
  return fixed(value, 8, 'down');
}
