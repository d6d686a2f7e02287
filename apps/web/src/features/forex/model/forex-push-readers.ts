import { forexClosedPushSchema, forexTradePushSchema, type ForexClosedPush, type ForexTradePush } from '@tp/contracts';

/** A FOREX_TRADE push as its schema reads it, or null when it is malformed. */
export function readTradePush(m: unknown): ForexTradePush | null {
  const r = forexTradePushSchema.safeParse(m);
  return r.success ? r.data : null;
}

/** A FOREX_CLOSED push, or null when it is malformed. */
export function readClosedPush(m: unknown): ForexClosedPush | null {
  const r = forexClosedPushSchema.safeParse(m);
  return r.success ? r.data : null;
}
