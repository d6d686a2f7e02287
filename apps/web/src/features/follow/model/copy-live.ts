import { create } from 'zustand';
import type { ForexFollowTradePush } from '@tp/contracts';

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

/**
 * The reader of FOREX_FOLLOW_TRADE (follow-push-reader.ts), loaded with the first push rather than
 * with the copy trading screens: its schema brings zod, a long task to evaluate on a phone, and
 * only the copies list listens to the topic. Every push waits on this one promise, so pushes are
 * still handled in the order they arrived.
 */
let reader: Promise<typeof import('./follow-push-reader')> | undefined;
export function followPushReader(): Promise<typeof import('./follow-push-reader')> {
  reader ??= import('./follow-push-reader');
  return reader;
}

/**
 * Whether a push changes the lists rather than only figures: a copy opened (an id the open list
 * does not hold) or left the open list (any status but holding).
 */
export function changesLists(push: ForexFollowTradePush, openIds: ReadonlySet<number>): boolean {
  return push.TransOrder.some((o) => o.Status !== 1 || !openIds.has(o.Id));
}
