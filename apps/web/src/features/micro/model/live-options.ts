import { create } from 'zustand';
import { MICRO_STATUS_RUNNING, type MicroOrder, type MicroResult, type MicroSettledPush } from '@tp/contracts';
import { trend } from '../../../lib/format';
import { useAuth } from '../../../lib/auth-store';
import { expiryOnDevice } from './countdown';

/** How an option ended, as the trade screen shows it. */
export interface LiveResult {
  result: MicroResult;
  /** Signed: +profit, -loss, 0 when the stake came back. */
  factProfits: string;
  /** Null for an option closed without an exit (a demo reset voids it): it has no receipt. */
  endPrice: string | null;
}

/** One of the user's options on the trade screen: running with its countdown, or its result. */
export interface LiveOption {
  id: number;
  showCode: string;
  type: number;
  amount: string;
  openPrice: string;
  /** Unknown when the option is known only from its result push. */
  seconds: number | null;
  profitRatio: string | null;
  /** Expiry on this device's clock (expiryOnDevice); null when known only from its result. */
  endsAt: number | null;
  settled: LiveResult | null;
}

/** Settled options kept on the trade screen (the newest); the full history is on /order. */
export const KEEP_SETTLED = 5;

interface LiveOptionsState {
  /** Newest first (ids grow with time). */
  items: LiveOption[];
  /** The option bought last on this screen: its card scrolls into view once. */
  boughtId: number | null;
  /** Results the user put away: a late list answer must not bring them back. */
  dismissed: number[];
  /** A running (or closed) order as answered by the server at `receivedAt` (device clock). */
  track: (order: MicroOrder, receivedAt: number) => void;
  bought: (order: MicroOrder, receivedAt: number) => void;
  /** The result pushed by the server (MICRO_SETTLED). */
  settle: (push: Omit<MicroSettledPush, 'type'>) => void;
  dismiss: (id: number) => void;
  reset: () => void;
}

function resultOf(factProfits: string): MicroResult {
  const t = trend(factProfits);
  return t === 'up' ? 'win' : t === 'down' ? 'loss' : 'tie';
}

function fromOrder(order: MicroOrder, receivedAt: number): LiveOption {
  const closed = order.Status !== MICRO_STATUS_RUNNING;
  return {
    id: order.Id,
    showCode: order.ForexTradeList.ShowCode,
    type: order.Type,
    amount: order.Number,
    openPrice: order.OpenPrice,
    seconds: order.Seconds,
    profitRatio: order.ProfitRatio,
    endsAt: closed ? null : expiryOnDevice(order, receivedAt),
    settled: closed ? { result: resultOf(order.FactProfits ?? '0'), factProfits: order.FactProfits ?? '0', endPrice: order.EndPrice } : null,
  };
}

/** Adds or updates one option, newest first, keeping at most KEEP_SETTLED results. */
function upsert(items: LiveOption[], next: LiveOption): LiveOption[] {
  const rest = items.filter((i) => i.id !== next.id);
  const all = [...rest, next].sort((a, b) => b.id - a.id);
  let settled = 0;
  return all.filter((i) => !i.settled || ++settled <= KEEP_SETTLED);
}

/**
 * The user's options as the trade screen shows them, fed by the order list answers, the submit's
 * answer and the MICRO_SETTLED push (whichever comes first). A result, once known, stays: a list
 * answered before the settlement never turns it back into a running option.
 */
export const useLiveOptions = create<LiveOptionsState>()((set) => ({
  items: [],
  boughtId: null,
  dismissed: [],
  track: (order, receivedAt) =>
    set((state) => {
      if (state.dismissed.includes(order.Id)) return state;
      const prev = state.items.find((i) => i.id === order.Id);
      if (prev?.settled) return state;
      const next = fromOrder(order, receivedAt);
      // Every answer estimates the expiry on this device; the one that travelled fastest is the
      // closest (a slow answer makes its estimate late), so the earliest is kept.
      if (prev && !next.settled && prev.endsAt !== null && next.endsAt !== null) {
        if (next.endsAt >= prev.endsAt) return state;
      }
      return { items: upsert(state.items, next) };
    }),
  bought: (order, receivedAt) =>
    set((state) => ({ items: upsert(state.items.filter((i) => i.id !== order.Id), fromOrder(order, receivedAt)), boughtId: order.Id })),
  settle: (push) =>
    set((state) => {
      const prev = state.items.find((i) => i.id === push.id);
      if (prev?.settled || state.dismissed.includes(push.id)) return state;
      const settled: LiveResult = { result: push.result, factProfits: push.FactProfits, endPrice: push.EndPrice };
      const next: LiveOption = prev
        ? { ...prev, settled }
        : { id: push.id, showCode: push.ShowCode, type: push.Type, amount: push.Number, openPrice: push.OpenPrice, seconds: null, profitRatio: null, endsAt: null, settled };
      return { items: upsert(state.items, next) };
    }),
  dismiss: (id) =>
    set((state) => ({
      items: state.items.filter((i) => i.id !== id),
      boughtId: state.boughtId === id ? null : state.boughtId,
      dismissed: [...state.dismissed.slice(-50), id],
    })),
  reset: () => set({ items: [], boughtId: null, dismissed: [] }),
}));

// Another account's options never show: a login or logout starts empty.
useAuth.subscribe((state, prev) => {
  if (state.token !== prev.token) useLiveOptions.getState().reset();
});
