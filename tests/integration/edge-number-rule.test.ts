/**
 * One number rule, everywhere (issue 29; services/api/edge/decimal.ts). Generated from the route table: every numeric
 * field of every route's query string, path and JSON body — nested ones too (shops[].skus[].number) — is validated by
 * the app's own validator and must read a JSON number and its plain decimal text alike ("1" as 1), and refuse padded
 * text (" 1 "), "+1", exponents and booleans with a 400. The OpenAPI document says so: each of those fields offers the
 * string form with its pattern. Before the rule, "1" was refused by ~26 body fields and " 1 " read by 160 query ones.
 */
import { z } from 'zod';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { routeTableOf } from '../../services/api/route-table';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  app = server.app;
}, 120_000);
afterAll(async () => server?.stop());

interface Def { type: string; innerType?: unknown; in?: unknown; out?: unknown; shape?: Record<string, unknown>; element?: unknown; options?: unknown[]; values?: unknown[] }
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | null)?._zod?.def;
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'];

/** What a field's schema is once optional, default and preprocess are looked through (a preprocess: what comes out). */
function core(schema: unknown): Def | undefined {
  let def = defOf(schema);
  for (let i = 0; def && i < 20; i += 1) {
    if (WRAPPERS.includes(def.type)) def = defOf(def.innerType);
    else if (def.type === 'pipe' && defOf(def.in)?.type === 'transform') def = defOf(def.out);
    else break;
  }
  return def;
}

const numeric = (def: Def | undefined): boolean => !!def && (def.type === 'number'
  || (def.type === 'literal' && (def.values ?? []).every((v) => typeof v === 'number'))
  || (def.type === 'union' && (def.options ?? []).every((o) => numeric(core(o)))));

interface NumericField { route: string; part: 'querystring' | 'params' | 'body'; path: string; schema: z.ZodType }

/** The numeric fields of an object schema, by path, with each field's own schema as the route declares it. */
function numericFieldsOf(schema: unknown, path: string, depth = 0): Array<{ path: string; schema: z.ZodType }> {
  const def = core(schema);
  if (!def || depth > 12) return [];
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([key, field]) => {
      const fieldPath = path ? `${path}.${key}` : key;
      return numeric(core(field)) ? [{ path: fieldPath, schema: field as z.ZodType }] : numericFieldsOf(field, fieldPath, depth + 1);
    });
  }
  if (def.type === 'array') {
    return numeric(core(def.element)) ? [{ path: `${path}[]`, schema: def.element as z.ZodType }] : numericFieldsOf(def.element, `${path}[]`, depth + 1);
  }
  return [];
}

function numericFields(): NumericField[] {
  return routeTableOf(app).filter((r) => r.schema).flatMap((route) => (['querystring', 'params', 'body'] as const)
    .flatMap((part) => numericFieldsOf((route.schema as FastifySchema)[part], '')
      .map((field) => ({ route: `${route.methods.join(',')} ${route.url}`, part, ...field }))));
}

/** The app's validator for an object holding the one field, as the route's part is validated. */
function validatorOf(field: NumericField): (value: unknown) => { ok: boolean; value?: unknown } {
  const compile = app.validatorCompiler as unknown as (route: object) => (data: unknown) => { value?: unknown; error?: unknown };
  const validate = compile({ schema: z.object({ field: field.schema }), httpPart: field.part, method: 'POST', url: '/' });
  return (value) => {
    const result = validate({ field: value });
    return result.error ? { ok: false } : { ok: true, value: (result.value as { field: unknown }).field };
  };
}

const CANDIDATES = [1, 2, 3, 0, 10, 100, 1000, 5, 4, -1, 0.5, 12.5];

describe('the number rule over the route table', () => {
  it('finds the numeric fields of the query strings, paths and bodies', () => {
    const fields = numericFields();
    expect(fields.filter((f) => f.part === 'body').length).toBeGreaterThan(40);
    expect(fields.filter((f) => f.part === 'querystring').length).toBeGreaterThan(100);
  });

  it('every numeric field reads a number and its decimal text alike, and refuses anything else with a 400', () => {
    const broken: string[] = [];
    for (const field of numericFields()) {
      const validate = validatorOf(field);
      const n = CANDIDATES.find((candidate) => validate(candidate).ok);
      const name = `${field.route} ${field.part} ${field.path}`;
      if (n === undefined) { broken.push(`${name}: accepts none of ${CANDIDATES.join(',')}`); continue; }
      const asNumber = validate(n).value;
      const asText = validate(String(n));
      if (field.part === 'body' || field.part === 'querystring' || field.part === 'params') {
        if (!asText.ok || asText.value !== asNumber) broken.push(`${name}: refuses "${n}" (or reads it otherwise than ${n})`);
      }
      for (const junk of [` ${n} `, `${n} `, `+${Math.abs(n)}`, `${n}e0`, `0x${n}`, true]) {
        if (validate(junk).ok) broken.push(`${name}: accepts ${JSON.stringify(junk)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the OpenAPI document offers the decimal text, with its pattern, wherever it types a number', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const bare: string[] = [];
    const visit = (node: unknown, where: string, offered: boolean): void => {
      if (Array.isArray(node)) { node.forEach((item) => visit(item, where, offered)); return; }
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if ((record.type === 'integer' || record.type === 'number') && !offered) bare.push(where);
      const alternatives = record.anyOf as Array<Record<string, unknown>> | undefined;
      const offersText = !!alternatives?.some((a) => a.type === 'string' && typeof a.pattern === 'string');
      for (const [key, value] of Object.entries(record)) {
        if (key === 'responses') continue; // answers are JSON numbers; the rule is about what a request may send
        visit(value, `${where}.${key}`, key === 'anyOf' && offersText);
      }
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) visit(operation, `${method.toUpperCase()} ${path}`, false);
    }
    expect(bare).toEqual([]);
    expect(JSON.stringify(document)).toContain('^-?\\\\d{1,16}(\\\\.\\\\d{1,8})?$');
  });
});

describe('the rule end to end', () => {
  it('refuses page=" 1 " in a query string with 400 naming page, and reads page=1', async () => {
    const padded = await app.inject({ method: 'GET', url: '/api/shop/getShops?page=%201%20&pageSize=10' });
    expect(padded.statusCode).toBe(400);
    expect(padded.json().message).toContain('page');
    const plain = await app.inject({ method: 'GET', url: '/api/shop/getShops?page=1&pageSize=10' });
    expect(plain.json().code).toBe('200');
  });
});
