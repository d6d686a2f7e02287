/** localStorage that never throws (private mode, disabled storage, quota). */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives for this page only */
    }
  },
};

/** The console's keys: apart from the web app's (`tp.*`), so a staff token never meets a user token. */
export const STORAGE_KEYS = {
  session: 'tp.admin.session',
  lang: 'tp.admin.lang',
  theme: 'tp.admin.theme',
} as const;
