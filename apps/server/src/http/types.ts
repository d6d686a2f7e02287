import type { Lang } from '@tp/contracts';
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import type { Bus } from '../realtime/bus.js';
import type { AuthUser } from './auth.js';
import type { AuthAdmin } from './admin-auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    bus: Bus;
  }
  interface FastifyRequest {
    /** From the `lang` header; hk when absent or unknown. */
    lang: Lang;
    /** Set by the requireUser preHandler, or by a route that checks the session in its own read (acceptSession). */
    user: AuthUser | null;
    /** Set by the requireAdmin preHandler (admin API only). */
    admin: AuthAdmin | null;
  }
  interface FastifyContextConfig {
    /** Set by route() for a route that checks the caller's session in its own first read (endpoint.ts RouteOptions). */
    sessionInRead?: boolean;
  }
}
