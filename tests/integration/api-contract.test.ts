/**
 * The API contract, generated (issue 13): /api/openapi.json is an OpenAPI 3.1 document built from the routes' zod
 * schemas; every /api route declares its input (schemas, or an explicit `x-input` marker) — one that does not is
 * marked `x-input: undeclared` and fails here; in dev /api/docs serves the interactive reference from this origin.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installOpenApi, registerOpenApiRoutes } from '../../services/api/openapi/openapi';
import { noInput } from '../../services/api/openapi/route-input';
import { installSecurityHeaders } from '../../services/api/edge/security-headers';
import { operationName, operationsOf, type OpenApiDocument } from './fuzz/contract-operations';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as OpenApiDocument;
}, 120_000);
afterAll(async () => server?.stop());

describe('/api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the /api routes, built from their schemas', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.every((op) => op.path.startsWith('/api/'))).toBe(true);
    const addCart = operations.find((op) => operationName(op) === 'POST /api/cart/addCart');
    expect(addCart).toMatchObject({ auth: 'required', body: { type: 'object', required: ['skuId', 'number'] } });
    const search = operations.find((op) => operationName(op) === 'GET /api/app/getSearchProducts');
    expect(search?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'pageSize', 'search']));
  });

  it('states the answer rule, and names the one 503 answer (Retry-After, 服务繁忙，请稍后重试) on every operation (issue 28)', () => {
    const whole = document as unknown as {
      info: { description: string };
      components: { responses: Record<string, { headers: Record<string, unknown>; content: Record<string, { example: unknown }> }> };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(whole.info.description).toContain('HTTP 503 with Retry-After: 1');
    expect(whole.info.description).toContain('{code: "503", message: "服务繁忙，请稍后重试", data: null}');
    expect(whole.info.description).toContain('business refusal');
    const retryLater = whole.components.responses.RetryLater;
    expect(Object.keys(retryLater.headers)).toEqual(['Retry-After']);
    expect(retryLater.content['application/json'].example).toEqual({ code: '503', message: '服务繁忙，请稍后重试', data: null });
    const without = Object.entries(whole.paths).flatMap(([path, methods]) => Object.entries(methods)
      .filter(([, op]) => (op.responses?.['503'] as { $ref?: string } | undefined)?.$ref !== '#/components/responses/RetryLater')
      .map(([method]) => `${method.toUpperCase()} ${path}`));
    expect(without).toEqual([]);
  });

  it('every /api route declares its input: schemas, or an explicit no-input marker', () => {
    const undeclared = operationsOf(document).filter((op) => op.input === 'undeclared').map(operationName);
    expect(undeclared).toEqual([]);
  });

  it('a route that declares nothing is marked undeclared (so the check above can fail)', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await installOpenApi(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/forgot', async () => 'x');
    r.post('/api/forgot-params/:id', { schema: { body: z.object({ a: z.number() }) } }, async () => 'x');
    r.get('/api/declared', { schema: { querystring: z.object({ q: z.string() }) } }, async () => 'x');
    r.get('/api/nothing', { schema: noInput }, async () => 'x');
    await registerOpenApiRoutes(app, false);
    const marks = Object.fromEntries(operationsOf((await app.inject({ url: '/api/openapi.json' })).json()).map((op) => [operationName(op), op.input]));
    expect(marks).toEqual({
      'GET /api/forgot': 'undeclared', 'POST /api/forgot-params/{id}': 'undeclared', 'GET /api/declared': null, 'GET /api/nothing': 'none',
    });
    await app.close();
  });
});

describe('the reference page /api/docs (dev)', () => {
  it('serves the interactive reference with its scripts from this origin, under the app\'s own CSP', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((src) => src.startsWith('./'))).toBe(true);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const src of scripts) {
      const asset = await server.app.inject({ method: 'GET', url: `/api/docs/${src.slice(2)}` });
      expect([src, asset.statusCode]).toEqual([src, 200]);
    }
  });

  it('is not served when the app is built without it (production)', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await installOpenApi(app);
    await installSecurityHeaders(app);
    await registerOpenApiRoutes(app, false);
    expect((await app.inject({ url: '/api/docs/' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    await app.close();
  });
});
