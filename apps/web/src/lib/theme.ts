import { create } from 'zustand';
import { storage, STORAGE_KEYS } from './storage';

export type Theme = 'light' | 'dark';

const THEME_COLOR: Record<Theme, string> = { light: '#ffffff', dark: '#0f1115' };

export function storedTheme(): Theme {
  return storage.get(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

/** antd-mobile reads `data-prefers-color-scheme`; the app's CSS variables read `data-theme`. */
export function applyTheme(theme: Theme): void {
  const el = globalThis.document?.documentElement;
  if (!el) return;
  el.setAttribute('data-prefers-color-scheme', theme);
  el.setAttribute('data-theme', theme);
  el.style.colorScheme = theme;
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', THEME_COLOR[theme]);
    meta.removeAttribute('media');
  }
}

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

export const useTheme = create<ThemeState>((set) => ({
  theme: storedTheme(),
  setTheme(theme) {
    storage.set(STORAGE_KEYS.theme, theme);
    applyTheme(theme);
    set({ theme });
  },
}));

interface PrefsState {
  hideAssets: boolean;
  setHideAssets(hide: boolean): void;
}

/** Small remembered preferences. */
export const usePrefs = create<PrefsState>((set) => ({
  hideAssets: storage.get(STORAGE_KEYS.hideAssets) === '1',
  setHideAssets(hide) {
    storage.set(STORAGE_KEYS.hideAssets, hide ? '1' : '0');
    set({ hideAssets: hide });
  },
}));
