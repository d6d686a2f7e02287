/**
 * The URL the server prints as ready, for the host it listens on: a wildcard address (every
 * interface) is reached on this machine as localhost; any other host (HOST=127.0.0.1, a LAN
 * address, a name) is printed as it is, IPv6 in brackets; https when the server speaks TLS.
 */
export function listenUrl(host: string, port: number, tls = false): string {
  const wildcard = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
  const shown = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `${tls ? 'https' : 'http'}://${shown}:${port}/`;
}
