/** The parts of a page's location that decide where its API lives. */
export interface OriginLike {
  protocol: string;
  hostname: string;
  port: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The API origin for a page origin (spec section 7): a hostname with a subdomain (3+ labels, not an
 * IP address, not localhost) gets its first label replaced by `api`; anything else is the page's own
 * origin. Protocol and port are kept. The web app calls it; the server names the same origin in the
 * page's Content-Security-Policy.
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
