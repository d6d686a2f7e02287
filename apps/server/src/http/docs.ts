import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { EndpointSpec } from '@tp/contracts';
import { requireAdmin } from './admin-auth.js';
import { BODY_TYPES, completeDocument, DOCUMENT_DESCRIPTION, isEndpointRoute, zodTransform } from './openapi-document.js';

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

type Transform = typeof zodTransform;
type TransformInput = Parameters<Transform>[0];

const isStaffRoute = (doc: TransformInput) => doc.route?.config?.docs === 'staff' || doc.url.startsWith('/admin/');
const hidden = (doc: TransformInput) => ({ schema: { hide: true }, url: doc.url });

/**
 * A route's schemas as JSON Schema; a JSON body is documented as a form too (both are read
 * alike). A route no endpoint object declares (a page, a test's probe) stays out.
 */
const documented: Transform = (doc) => {
  if (!isEndpointRoute(doc.route.method, doc.url)) return hidden(doc);
  const result = zodTransform(doc);
  const schema = result.schema as Record<string, unknown> | undefined;
  if (schema?.body && !schema.consumes) schema.consumes = BODY_TYPES;
  return result;
};

const openapi = (title: string) => ({ openapi: '3.1.0', info: { title, version: '0.1.0', description: DOCUMENT_DESCRIPTION } });
const complete: SwaggerTransformObject = (input) => completeDocument(('openapiObject' in input ? input.openapiObject : input.swaggerObject) as Record<string, unknown>) as ReturnType<SwaggerTransformObject>;

/**
 * Two OpenAPI documents from the same routes: /docs (swagger-ui) shows the user API to anyone;
 * the staff API is at ADMIN_DOCS_PATH behind the admin guard. Both are generated from the
 * endpoint objects (openapi-document.ts), for readers and for client generators alike.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  const userTransform: Transform = (doc) => (isStaffRoute(doc) ? hidden(doc) : documented(doc));
  const staffTransform: Transform = (doc) => (isStaffRoute(doc) ? documented(doc) : hidden(doc));
  await app.register(swagger, { openapi: openapi('Trading platform API'), transform: userTransform, transformObject: complete });
  await app.register(swagger, { decorator: 'adminSwagger', openapi: openapi('Trading platform admin API'), transform: staffTransform, transformObject: complete });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get(ADMIN_DOCS_PATH, {
    schema: { hide: true },
    onRequest: async function (this: FastifyInstance, req) {
      await requireAdmin.call(this, req);
    },
  }, async () => app.adminSwagger());
}
