/**
 * One generated request for an operation of the contract: valid inputs, one field made hostile, a hostile query
 * string, or a hostile body (issue 13's fuzzing). The path, query and body are written the way a client would send
 * them, lone surrogates included (percent-encoded as their invalid 3-byte form).
 */
import fc from 'fast-check';
import type { Operation, Parameter } from './contract-operations';
import { hostileRawBody, hostileString, hostileValue, type RawBody } from './hostile-values';
import { validOf } from './schema-arbitrary';

export interface FuzzRequest {
  mode: 'valid' | 'field' | 'query' | 'body';
  method: string;
  url: string;
  payload?: string;
  contentType?: string | null;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is written as its 3-byte CESU-8 form. */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** How a value travels in a query string or path: text as is, numbers as written, lists as repeated keys (200 at most). */
function asText(value: unknown): string[] {
  if (Array.isArray(value)) return value.slice(0, 200).flatMap((item) => (Array.isArray(item) ? [JSON.stringify(item)] : asText(item)));
  if (typeof value === 'string') return [value];
  if (value === null || value === undefined) return [''];
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

type Values = Record<string, unknown>;

function writeUrl(op: Operation, path: Values, query: Values): string {
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => percentEncode(asText(path[name])[0] ?? ''));
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined)
    .flatMap(([key, value]) => asText(value).map((text) => `${percentEncode(key)}=${percentEncode(text)}`));
  return pairs.length ? `${url}?${pairs.join('&')}` : url;
}

function parametersArbitrary(params: Parameter[], knownIds: readonly number[]): fc.Arbitrary<Values> {
  const record = Object.fromEntries(params.map((p) => [p.name, validOf(p.schema, knownIds)]));
  return fc.record(record, { requiredKeys: params.filter((p) => p.required).map((p) => p.name) }) as fc.Arbitrary<Values>;
}

/** `value` with one key (existing or new) set to a hostile value. */
const withOneHostile = (values: fc.Arbitrary<Values>, keys: string[]): fc.Arbitrary<Values> =>
  fc.tuple(values, fc.oneof(fc.constantFrom(...keys, '__proto__'), fc.string({ unit: 'binary', maxLength: 12 })), hostileValue)
    .map(([base, key, bad]) => {
      const copy: Values = { ...base };
      Object.defineProperty(copy, key, { value: bad, enumerable: true, writable: true, configurable: true });
      return copy;
    });

export function requestArbitrary(op: Operation, knownIds: readonly number[]): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = parametersArbitrary(pathParams, knownIds);
  const query = parametersArbitrary(queryParams, knownIds);
  const body: fc.Arbitrary<unknown> = op.body ? validOf(op.body, knownIds) : fc.constant(undefined);
  const hasBody = op.method !== 'GET';
  const json = (value: unknown): Pick<FuzzRequest, 'payload' | 'contentType'> =>
    value === undefined ? {} : { payload: JSON.stringify(value), contentType: 'application/json' };

  const valid = fc.tuple(path, query, body).map(([p, q, b]): FuzzRequest =>
    ({ mode: 'valid', method: op.method, url: writeUrl(op, p, q), ...(hasBody ? json(b) : {}) }));

  const fieldTargets: fc.Arbitrary<FuzzRequest>[] = [];
  if (pathParams.length) {
    fieldTargets.push(fc.tuple(withOneHostile(path, pathParams.map((p) => p.name)), query, body).map(([p, q, b]) =>
      ({ mode: 'field' as const, method: op.method, url: writeUrl(op, p, q), ...(hasBody ? json(b) : {}) })));
  }
  fieldTargets.push(fc.tuple(path, withOneHostile(query, queryParams.map((p) => p.name).concat(['page'])), body).map(([p, q, b]) =>
    ({ mode: 'field' as const, method: op.method, url: writeUrl(op, p, q), ...(hasBody ? json(b) : {}) })));
  if (hasBody && op.body?.type === 'object') {
    const keys = Object.keys((op.body.properties ?? {}) as object);
    fieldTargets.push(fc.tuple(path, query, withOneHostile(body as fc.Arbitrary<Values>, keys.length ? keys : ['x'])).map(([p, q, b]) =>
      ({ mode: 'field' as const, method: op.method, url: writeUrl(op, p, q), ...json(b) })));
  }

  const queryKey = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom('page', 'pageSize', 'ids', '__proto__', 'a'.repeat(5000)));
  const hostileQuery = fc.tuple(path, fc.dictionary(queryKey, hostileValue, { maxKeys: 4 }))
    .map(([p, q]): FuzzRequest => ({ mode: 'query', method: op.method, url: writeUrl(op, p, q) }));

  const hostileBody = fc.tuple(path, query, fc.oneof(hostileValue.map((v) => json(v)), hostileRawBody.map((raw: RawBody) => raw)))
    .map(([p, q, b]): FuzzRequest => ({ mode: 'body', method: op.method, url: writeUrl(op, p, q), ...b }));

  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: fc.oneof(...fieldTargets), weight: 4 },
    { arbitrary: hostileQuery, weight: 1 },
    { arbitrary: hasBody ? hostileBody : hostileQuery, weight: hasBody ? 2 : 1 },
  );
}
