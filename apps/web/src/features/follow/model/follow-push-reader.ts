import { forexFollowTradePushSchema, type ForexFollowTradePush } from '@tp/contracts';

/** A FOREX_FOLLOW_TRADE push as its schema reads it, or null when it is malformed. */
export function readFollowTradePush(m: unknown): ForexFollowTradePush | null {
  const r = forexFollowTradePushSchema.safeParse(m);
  return r.success ? r.data : null;
}
