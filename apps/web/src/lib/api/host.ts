import { storage, STORAGE_KEYS } from '../storage';

interface OriginLike { protocol: string; hostname: string; port: string }

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The API origin for a page origin (spec section 7): a hostname with a subdomain (3+ labels, not an
 * IP address, not localhost) gets its first label replaced by `api`; anything else is the page's own
 * origin. Protocol and port are kept.
 */
export function deriveApiOrigin(loc: OriginLike): string {
  const { protocol, hostname, port } = loc;
  const suffix = port ? `:${port}` : '';
  const own = `${protocol}//${hostname}${suffix}`;
  const host = hostname.toLowerCase();
  if (!host || host.includes(':') || host.startsWith('[') || IPV4.test(host)) return own;
  const labels = host.split('.');
  if (labels.length < 3 || labels.some((l) => l === '')) return own;
  if (labels[labels.length - 1] === 'localhost') return own;
  if (labels[0] === 'api') return own;
  return `${protocol}//${['api', ...labels.slice(1)].join('.')}${suffix}`;
}

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
