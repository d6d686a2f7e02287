import { FOREX_CLOSE_TYPE, FOREX_DEAL_TAB, FOREX_DEAL_TABS, FOREX_STATUS, type ForexDealTab, type ForexOrder } from '@tp/contracts';
import { dec, FOREX_BUY } from '@tp/domain';

/** The status tab of /order?source=0 by query `type` (a FOREX_DEAL_TAB); holding when absent or unknown. */
export function forexTabOf(type: string | null | undefined): ForexDealTab {
  return FOREX_DEAL_TABS.find((tab) => String(tab) === type) ?? FOREX_DEAL_TAB.holding;
}

export const isLong = (o: Pick<ForexOrder, 'OrderType'>) => o.OrderType === FOREX_BUY;

/** A stop price on the wire: '0' means not set. */
export function isStopSet(v: string | null | undefined): boolean {
  if (!v) return false;
  try {
    return !dec(v).isZero();
  } catch {
    return false;
  }
}

/**
 * Why an order is in history, as a locale key under forexOrders: a cancelled pending order
 * (status 4), a copy its trader's close closed (whatever the trader's reason: the follower did not
 * close it), or the CloseType of a closed one (1 user, 2 stop-out, 3 take profit, 4 stop loss,
 * 5 admin).
 */
export function historyReasonKey(o: Pick<ForexOrder, 'Status' | 'CloseType'> & { Copy?: Pick<NonNullable<ForexOrder['Copy']>, 'ClosedByTrader'> | null }): string {
  if (o.Status === FOREX_STATUS.cancelled) return 'status_cancelled';
  if (o.Status === FOREX_STATUS.closed && o.Copy?.ClosedByTrader) return 'close_by_trader';
  const known = Object.values(FOREX_CLOSE_TYPE) as number[];
  return known.includes(o.CloseType) ? `close_type_${o.CloseType}` : 'status_closed';
}

/** A price a user types: digits with an optional fraction, above zero. */
export function isPriceInput(v: string): boolean {
  if (!/^\d{1,14}(\.\d{1,10})?$/.test(v)) return false;
  return dec(v).gt(0);
}
