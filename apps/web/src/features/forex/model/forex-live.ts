import { create } from 'zustand';
import type { ForexTradePush } from '@tp/contracts';

/** The live part of a holding order, from FOREX_TRADE's TransOrder. */
export interface LiveOrder {
  UpdatePrice: string;
  FactProfits: string;
}

/** The holding tab's totals from FOREX_TRADE. */
export interface LiveSummary {
  ProfitsTotal: string;
  HazardRate: string;
  CautionMoneyAll: string;
}

interface ForexLiveState {
  summary: LiveSummary | null;
  orders: Record<number, LiveOrder>;
  apply: (push: ForexTradePush) => void;
  /** Orders left the book: their live values go; if any was held, the totals wait for the next push. */
  drop: (ids: readonly number[]) => void;
  reset: () => void;
}

/**
 * FOREX_TRADE outside React state (DESIGN principle 6): the socket feeds this store about once a
 * second, and each card selects only its own order, so a push re-renders the cards whose price or
 * profit changed and the summary - not the list.
 */
export const useForexLive = create<ForexLiveState>()((set) => ({
  summary: null,
  orders: {},
  apply: (push) =>
    set((state) => {
      const orders: Record<number, LiveOrder> = {};
      for (const o of push.TransOrder) {
        const prev = state.orders[o.Id];
        // Keep the same object when nothing changed: its card's selector then skips the render.
        orders[o.Id] = prev && prev.UpdatePrice === o.UpdatePrice && prev.FactProfits === o.FactProfits ? prev : { UpdatePrice: o.UpdatePrice, FactProfits: o.FactProfits };
      }
      return { summary: { ProfitsTotal: push.ProfitsTotal, HazardRate: push.HazardRate, CautionMoneyAll: push.CautionMoneyAll }, orders };
    }),
  drop: (ids) =>
    set((state) => {
      if (!ids.some((id) => id in state.orders)) return state; // a pending order: the totals stand
      const orders = { ...state.orders };
      for (const id of ids) delete orders[id];
      // The server stops pushing once nothing is held: stale totals must not outlive the orders.
      return { orders, summary: null };
    }),
  reset: () => set({ summary: null, orders: {} }),
}));

/**
 * The readers of FOREX_TRADE and FOREX_CLOSED (forex-push-readers.ts), loaded with the first push
 * rather than with the screen: their schemas bring zod, a long task to evaluate on a phone, and
 * most visits of /trade and /order never get a push (a visitor, or nothing held). Every push waits
 * on this one promise, so pushes are still handled in the order they arrived.
 */
let readers: Promise<typeof import('./forex-push-readers')> | undefined;
export function forexPushReaders(): Promise<typeof import('./forex-push-readers')> {
  readers ??= import('./forex-push-readers');
  return readers;
}
