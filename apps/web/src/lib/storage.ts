import { storage } from '@tp/client';

export { storage };

export const STORAGE_KEYS = {
  token: 'tp.token',
  user: 'tp.user',
  lang: 'tp.lang',
  theme: 'tp.theme',
  demoId: 'tp.demo_id',
  hideAssets: 'tp.hide_assets',
  apiOrigin: 'tp.api_origin',
  symbol: 'tp.symbol',
} as const;

/** A random id for this device (demo account). crypto.randomUUID needs a secure context. */
export function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string {
  let id = storage.get(STORAGE_KEYS.demoId);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = randomId();
    storage.set(STORAGE_KEYS.demoId, id);
  }
  return id;
}
