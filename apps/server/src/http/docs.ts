import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { EndpointSpec } from '@tp/contracts';
import { requireAdmin } from './admin-auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by route() for endpoints meant for staff: documented at ADMIN_DOCS_PATH, never at /docs. */
    docs?: 'staff';
  }
  interface FastifyInstance {
    /** The OpenAPI document of the staff API (the admin console's endpoints). */
    adminSwagger: FastifyInstance['swagger'];
  }
}

/** The admin API's OpenAPI document, for signed-in staff only. */
export const ADMIN_DOCS_PATH = '/admin/api/docs/json';

/**
 * Staff endpoints: those only an admin may call, and the admin login (public, but of no use to
 * anyone else). A visitor's /docs does not map the admin API for them.
 */
export function isStaffEndpoint(endpoint: EndpointSpec): boolean {
  return endpoint.access.kind === 'admin' || endpoint.path.startsWith('/admin/');
}

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];

const isStaffRoute = (doc: TransformInput) => doc.route?.config?.docs === 'staff' || doc.url.startsWith('/admin/');
const hidden = (doc: TransformInput) => ({ schema: { hide: true }, url: doc.url });

const info = {
  version: '0.1.0',
  description: 'Every answer is HTTP 200 {code, msg, data}: code 1 ok, 0 refused (error = key), 999 not logged in.',
};
const components = { securitySchemes: { token: { type: 'apiKey' as const, in: 'header' as const, name: 'authorization' } } };

/**
 * Two OpenAPI documents from the same routes: /docs (swagger-ui) shows the user API to anyone;
 * the staff API is at ADMIN_DOCS_PATH behind the admin guard. Both are generated from the
 * endpoint objects' zod schemas.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  const userTransform: Transform = (doc) => (isStaffRoute(doc) ? hidden(doc) : jsonSchemaTransform(doc));
  const staffTransform: Transform = (doc) => (isStaffRoute(doc) ? jsonSchemaTransform(doc) : hidden(doc));
  await app.register(swagger, {
    openapi: { info: { title: 'Trading platform API', ...info }, components },
    transform: userTransform,
  });
  await app.register(swagger, {
    decorator: 'adminSwagger',
    openapi: { info: { title: 'Trading platform admin API', ...info }, components },
    transform: staffTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get(ADMIN_DOCS_PATH, {
    schema: { hide: true },
    onRequest: async function (this: FastifyInstance, req) {
      await requireAdmin.call(this, req);
    },
  }, async () => app.adminSwagger());
}
