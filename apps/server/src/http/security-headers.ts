import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { deriveApiOrigin } from '@tp/contracts';

/** One year; sent only over TLS (browsers ignore it over http, and it must not pin a plain-http host). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

const HOSTNAME = /^[a-z0-9.-]+$/i;

/**
 * The API's own host when the web app calls it on another one: a page on www.example.com calls
 * api.example.com (spec section 7, deriveApiOrigin), over http(s) and the websocket. Taken from
 * the request as Fastify sees it (X-Forwarded-Host/-Proto only with TRUST_PROXY=1); a host that
 * is not a plain name is ignored, so nothing a client sends can add to the policy but a hostname.
 */
function apiSourcesOf(req: FastifyRequest): string[] {
  const hostname = req.hostname;
  const port = req.port === null || req.port === undefined ? '' : String(req.port);
  if (!HOSTNAME.test(hostname) || !/^\d{0,5}$/.test(port) || (req.protocol !== 'http' && req.protocol !== 'https')) return [];
  const protocol = `${req.protocol}:`;
  const own = `${protocol}//${hostname}${port ? `:${port}` : ''}`;
  const api = deriveApiOrigin({ protocol, hostname, port });
  // CSP 3 lets http:// and ws:// sources match their https:// and wss:// upgrades as well.
  return api === own ? [] : [api, api.replace(/^http/, 'ws')];
}

/**
 * Security headers on every answer (pages, API answers, refusals, 404s, files), with
 * helmet.
 *
 * The Content-Security-Policy serves the web app, the future admin console under /admin/ and
 * /docs (swagger-ui) alike: they load only their own files - the built index.html has no inline
 * script, so none is allowed. Inline styles stay allowed: antd-mobile and the charts set styles
 * from script (style-src governs styles only, never script). Images include data: (icons), blob:
 * (a proof image fetched with the token, the preview of a chosen file) and the API host (logos).
 * Media: this site's clips and https links (the video settings).
 * connect-src: the API and its websocket, on this origin or the API host, plus CSP_EXTRA_ORIGINS
 * (an app built with VITE_API_ORIGIN). Nothing may frame the app (clickjacking of the trading
 * screens). No upgrade-insecure-requests: a server reached over plain http (localhost, a LAN
 * address) would have its own files upgraded to an https that does not exist.
 *
 * HSTS only when the request came over TLS: with TRUST_PROXY=1 that is a proxy's
 * `X-Forwarded-Proto: https`; without it, only the server's own TLS (TLS_CERT_FILE / TLS_KEY_FILE).
 * Routes may set a stricter policy of their own (uploads: `default-src 'none'; sandbox`).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const extra = app.config.cspExtraOrigins;
  // The API host's sources of the answer being worked out (helmet's directive functions read it).
  let sources = '';
  const api = () => sources;
  // Helmet decides the headers; they depend only on the API host's sources, so they are worked
  // out once per distinct value and then copied onto each answer. (Running helmet's middleware on
  // every request - and the Fastify wrapper builds it anew each time - cost the order submit about
  // 0.1 ms of server CPU, 12 % of its throughput.)
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', api],
        fontSrc: ["'self'", 'data:'],
        // The video page plays what the video_url_* settings name: a clip of this site, or one
        // staff link on an https host (a video never runs script).
        mediaSrc: ["'self'", 'https:'],
        connectSrc: ["'self'", api],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The web app on www. may show images (logos) of the API host api.: same site, another origin.
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
  });
  const byApiSources = new Map<string, Record<string, string>>();
  const headersFor = (apiSources: string): Record<string, string> => {
    let headers = byApiSources.get(apiSources);
    if (!headers) {
      const decided: Record<string, string> = {};
      const res = {
        setHeader: (name: string, value: string | number | readonly string[]) => void (decided[name.toLowerCase()] = String(value)),
        removeHeader: (name: string) => void delete decided[name.toLowerCase()],
      };
      sources = apiSources;
      // Helmet's middleware is synchronous: it has set every header when it returns.
      applyHeaders({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
      headers = decided;
      // A host is a plain name (apiSourcesOf), and few are served: a small bound is plenty.
      if (byApiSources.size >= 64) byApiSources.clear();
      byApiSources.set(apiSources, headers);
    }
    return headers;
  };
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(headersFor([...apiSourcesOf(req), ...extra].join(' ')));
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}
