import { create } from 'zustand';
import { storage, STORAGE_KEYS } from './storage';

/**
 * The symbol the user looks at (trade symbol Id), shared by home, search and trade and remembered
 * across visits. Null until the user picks one: the trade screen then shows the first symbol.
 */
interface CurrentSymbolState {
  id: number | null;
  setId(id: number): void;
}

function storedId(): number | null {
  const raw = storage.get(STORAGE_KEYS.symbol);
  const n = raw ? Number(raw) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

export const useCurrentSymbol = create<CurrentSymbolState>((set) => ({
  id: storedId(),
  setId(id) {
    storage.set(STORAGE_KEYS.symbol, String(id));
    set({ id });
  },
}));
