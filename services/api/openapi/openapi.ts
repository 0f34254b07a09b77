/**
 * The API contract, generated (issue 13): an OpenAPI 3.1 document built by @fastify/swagger from the zod schemas the
 * routes validate with (fastify-type-provider-zod's jsonSchemaTransform), served at `/api/openapi.json`; in dev an
 * interactive reference page at `/api/docs` (@fastify/swagger-ui, its assets served from node_modules — nothing is
 * fetched at run time; its scripts come from this origin, so the app's own Content-Security-Policy allows it).
 * The document covers the /api routes; each operation says who may call it (`x-auth`) and a route that declares no
 * input is marked `x-input: undeclared` (route-input.ts). Registered before any route: routes are collected as added.
 * The document states the answer rule (issue 28) in its description, and every operation names the one 503 answer
 * (components.responses.RetryLater, retry-later.ts).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { NUMBER_RULE, openApiNumbers } from '../edge/decimal';
import { BUSY_MESSAGE, RETRY_AFTER_SECONDS } from '../retry-later';
import { declaresInput } from './route-input';

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PAGE_PATH = '/api/docs';

type Transform = typeof jsonSchemaTransform;

/** How every answer is given: what the document's description says, once for all operations. */
export const ANSWER_RULE = 'Every /api answer is the envelope {code, message, data}; code "200" is success. '
  + 'A business refusal (stock sold out, a coupon used up, a wrong SMS code...) answers HTTP 200 with its own code and '
  + 'Chinese message. Malformed input answers HTTP 400 with code "400" and a message naming the field. '
  + `${NUMBER_RULE} `
  + `An answer the server cannot give now but could on a retry answers HTTP 503 with Retry-After: ${RETRY_AFTER_SECONDS} `
  + `and {code: "503", message: "${BUSY_MESSAGE}", data: null}: busy (the read models have not caught up with the `
  + 'session\'s last write, a hot stream\'s conflicts outlasted their retries, a lock or serialization timeout) or a '
  + 'backing service unavailable (PostgreSQL down or restarting, a connection terminated mid-request, the pool '
  + 'exhausted, Kafka unreachable). Send the same request again after Retry-After; a write with the same '
  + 'Idempotency-Key where it takes one (POST /api/order/submit), so it takes effect once. '
  + 'HTTP 500 (code "500", 系统错误!) is a bug. '
  + 'Operations with x-auth "required" need the Authorization header (a token from POST /api/app/login).';

const RETRY_LATER_REF = { $ref: '#/components/responses/RetryLater' };

interface OpenApiObject { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> }

/** Names the 503 answer on every operation of the document. */
function withRetryLater<T extends OpenApiObject>(document: T): T {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (typeof operation !== 'object' || operation === null) continue;
      operation.responses = { ...operation.responses, 503: RETRY_LATER_REF };
    }
  }
  return document;
}

const contractTransform: Transform = (document) => {
  const { url, route } = document as Parameters<Transform>[0] & { route: { config?: { auth?: string } } };
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  const transformed = jsonSchemaTransform(document);
  if (transformed.schema?.hide) return transformed;
  const auth = route.config?.auth ?? 'none';
  const marks: Record<string, unknown> = { tags: [url.split('/')[2]] }; // grouped by area: /api/cart/* under "cart"
  if (!declaresInput(url, document.schema as never)) marks['x-input'] = 'undeclared';
  if (auth !== 'none') Object.assign(marks, { 'x-auth': auth, security: [{ token: [] }] });
  const schema: Record<string, unknown> = { ...transformed.schema, ...marks };
  for (const part of ['body', 'querystring', 'params']) if (schema[part]) schema[part] = openApiNumbers(schema[part]); // edge/decimal.ts
  return { ...transformed, schema };
};

export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jishi 集市 API',
        description: ANSWER_RULE,
        version: '1.0.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
        // the one 503 answer every operation may give (withRetryLater names it on each)
        responses: {
          RetryLater: {
            description: `Busy or a backing service unavailable for now: retry after Retry-After (${BUSY_MESSAGE})`,
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before sending the same request again',
                schema: { type: 'integer', example: RETRY_AFTER_SECONDS },
              },
            },
            content: {
              'application/json': {
                schema: {
                  type: 'object', required: ['code', 'message', 'data'],
                  properties: { code: { type: 'string', enum: ['503'] }, message: { type: 'string', enum: [BUSY_MESSAGE] }, data: { type: 'null' } },
                },
                example: { code: '503', message: BUSY_MESSAGE, data: null },
              },
            },
          },
        },
      },
    },
    transform: contractTransform,
    transformObject: (documentObject) => withRetryLater(('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as OpenApiObject),
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
