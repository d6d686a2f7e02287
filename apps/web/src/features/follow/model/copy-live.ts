import { create } from 'zustand';
import { forexFollowTradePushSchema, type ForexFollowTradePush } from '@tp/contracts';

/** The live part of an open copy, from FOREX_FOLLOW_TRADE's TransOrder. */
export interface LiveCopy {
  UpdatePrice: string;
  FactProfits: string;
}

interface CopyLiveState {
  orders: Record<number, LiveCopy>;
  apply: (push: ForexFollowTradePush) => void;
  reset: () => void;
}

/**
 * FOREX_FOLLOW_TRADE's floating figures outside React state, like the contract orders' FOREX_TRADE
 * (forex-live): the server pushes each open copy's price and profit about once a second, and each
 * copy card selects only its own, so a push re-renders the cards whose figures changed - not the
 * list, and without reading the list again.
 */
export const useCopyLive = create<CopyLiveState>()((set) => ({
  orders: {},
  apply: (push) =>
    set((state) => {
      let orders = state.orders;
      for (const o of push.TransOrder) {
        if (o.Status !== 1) continue;
        const prev = orders[o.Id];
        if (prev && prev.UpdatePrice === o.UpdatePrice && prev.FactProfits === o.FactProfits) continue;
        if (orders === state.orders) orders = { ...orders };
        orders[o.Id] = { UpdatePrice: o.UpdatePrice, FactProfits: o.FactProfits };
      }
      return orders === state.orders ? state : { orders };
    }),
  reset: () => set({ orders: {} }),
}));

/** A FOREX_FOLLOW_TRADE push as its schema reads it, or null when it is malformed. */
export function readFollowTradePush(m: unknown): ForexFollowTradePush | null {
  const r = forexFollowTradePushSchema.safeParse(m);
  return r.success ? r.data : null;
}

/**
 * Whether a push changes the lists rather than only figures: a copy opened (an id the open list
 * does not hold) or left the open list (any status but holding).
 */
export function changesLists(push: ForexFollowTradePush, openIds: ReadonlySet<number>): boolean {
  return push.TransOrder.some((o) => o.Status !== 1 || !openIds.has(o.Id));
}
