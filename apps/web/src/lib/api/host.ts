import { deriveApiOrigin, type OriginLike } from '@tp/contracts';
import { storage, STORAGE_KEYS } from '../storage';

// Where the API lives for a page (spec section 7) is shared with the server, which names the same
// origin in the page's Content-Security-Policy.
export { deriveApiOrigin };

function cleanOverride(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim().replace(/\/+$/, '');
  return /^https?:\/\/[^/]+$/.test(v) ? v : null;
}

/**
 * Where API calls go. Overrides, first match wins: localStorage `tp.api_origin`, then the build
 * variable VITE_API_ORIGIN; otherwise derived from the page origin.
 */
export function apiOrigin(loc: OriginLike = globalThis.location): string {
  const override = cleanOverride(storage.get(STORAGE_KEYS.apiOrigin)) ?? cleanOverride(import.meta.env?.VITE_API_ORIGIN as string | undefined);
  return override ?? deriveApiOrigin(loc);
}

/** The websocket URL on the API host: wss when the API is https. */
export function wsUrl(path = '/v2/ws', loc: OriginLike = globalThis.location): string {
  return apiOrigin(loc).replace(/^http/, 'ws') + path;
}
