import net from 'node:net';

/**
 * The key under which per-address limits count a client: an IPv4 address as it is (also when
 * written IPv4-mapped, `::ffff:1.2.3.4`), an IPv6 address by its /64 network - one subscriber
 * usually holds a whole /64, so counting single IPv6 addresses would let one client take 2^64
 * turns. Anything else (not an IP address) is returned unchanged.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv4(ip) || !net.isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (a:b::1.2.3.4) takes two groups; only the first four groups matter here.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  const prefix = groups.slice(0, 4).map((g) => (g.includes('.') ? '0' : parseInt(g, 16).toString(16)));
  while (prefix.length < 4) prefix.push('0');
  return `${prefix.join(':')}::/64`;
}
