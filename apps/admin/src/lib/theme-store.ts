import { create } from 'zustand';
import { storage, STORAGE_KEYS } from './storage';

export type ThemeMode = 'light' | 'dark';

/** The remembered mode; the first time, the system's. */
function initialMode(): ThemeMode {
  const saved = storage.get(STORAGE_KEYS.theme);
  if (saved === 'light' || saved === 'dark') return saved;
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

interface ThemeState {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
}

export const useTheme = create<ThemeState>((set) => ({
  mode: initialMode(),
  setMode(mode) {
    storage.set(STORAGE_KEYS.theme, mode);
    set({ mode });
  },
}));
