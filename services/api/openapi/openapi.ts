/**
 * The API contract, generated (issue 13): an OpenAPI 3.1 document built by @fastify/swagger from the zod schemas the
 * routes validate with (fastify-type-provider-zod's jsonSchemaTransform), served at `/api/openapi.json`; in dev an
 * interactive reference page at `/api/docs` (@fastify/swagger-ui, its assets served from node_modules — nothing is
 * fetched at run time; its scripts come from this origin, so the app's own Content-Security-Policy allows it).
 * The document covers the /api routes; each operation says who may call it (`x-auth`) and a route that declares no
 * input is marked `x-input: undeclared` (route-input.ts). Registered before any route: routes are collected as added.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declaresInput } from './route-input';

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PAGE_PATH = '/api/docs';

type Transform = typeof jsonSchemaTransform;

const contractTransform: Transform = (document) => {
  const { url, route } = document as Parameters<Transform>[0] & { route: { config?: { auth?: string } } };
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  const transformed = jsonSchemaTransform(document);
  if (transformed.schema?.hide) return transformed;
  const auth = route.config?.auth ?? 'none';
  const marks: Record<string, unknown> = { tags: [url.split('/')[2]] }; // grouped by area: /api/cart/* under "cart"
  if (!declaresInput(url, document.schema as never)) marks['x-input'] = 'undeclared';
  if (auth !== 'none') Object.assign(marks, { 'x-auth': auth, security: [{ token: [] }] });
  return { ...transformed, schema: { ...transformed.schema, ...marks } };
};

export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jishi 集市 API',
        description: 'Every /api answer is the envelope {code, message, data}; code "200" is success. '
          + 'Operations with x-auth "required" need the Authorization header (a token from POST /api/app/login).',
        version: '1.0.0',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: contractTransform,
  });
}

/** The document route, and the reference page when `referencePage` (dev only). Called after every route is added. */
export async function registerOpenApiRoutes(app: FastifyInstance, referencePage: boolean): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  if (!referencePage) return;
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PAGE_PATH,
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
  });
}
