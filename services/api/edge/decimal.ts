/**
 * Numbers at the edge (issues 13 and 29): ONE rule for every number a route reads, in the query string, the path and
 * the JSON body alike. A number is a JSON number, or its plain decimal text: an optional "-", 1-16 digits, an optional
 * "." and 1-8 digits — "12", "-1", "12.50". Nothing else is a number: no spaces (" 1 "), no "+", no exponent ("1e3"),
 * no hex ("0x10"), no booleans. The field's own schema then says whether it must be an integer, positive, in range.
 *
 * The rule lives here and is applied by the validator (numbersReadAsDecimalText, installed in app.ts) to every route's
 * schema: wherever a schema expects a number, decimal text becomes that number before zod parses, and anything else is
 * handed over unchanged, so zod refuses it naming the field. Route schemas therefore write plain `z.number()`; the
 * origin's clients send query numbers as text and some body ids as strings, and both keep working on every route, not
 * only on those whose schema remembered to say so. The OpenAPI document states the string form (openApiNumbers).
 */
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/** The decimal text of a number, as a JSON-schema pattern (the OpenAPI document names it). */
export const DECIMAL_PATTERN = '^-?\\d{1,16}(\\.\\d{1,8})?$';
const DECIMAL_TEXT = new RegExp(DECIMAL_PATTERN);

/** What the OpenAPI document says about numbers, once for all operations. */
export const NUMBER_RULE = 'A number in a query string, a path or a JSON body is a JSON number or its plain decimal text '
  + `(pattern ${DECIMAL_PATTERN}: "12", "-1", "12.50"); spaces, "+", exponents, hex and booleans are refused with 400.`;

/** The number decimal text names, or the value unchanged when it is not decimal text. */
export function fromDecimalText(value: unknown): unknown {
  return typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value;
}

/**
 * `inner` (a z.number() chain) reading decimal strings as numbers, and `''` as absent. The validator applies the rule
 * to every schema already; this remains for schemas parsed outside a route's validation (a handler re-parsing merged
 * input) and for the empty string, which a form's cleared field sends.
 */
export function decimal<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => (value === '' ? undefined : fromDecimalText(value)), inner);
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | null)?._zod?.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** True when `schema` accepts only numbers (a number, numeric literals, or a union of them). */
function isNumeric(schema: unknown, depth = 0): boolean {
  const def = defOf(schema);
  if (!def || depth > 20) return false;
  if (def.type === 'number') return true;
  if (def.type === 'literal') return (def.values ?? []).length > 0 && (def.values ?? []).every((v) => typeof v === 'number');
  if (def.type === 'union') return (def.options ?? []).every((option) => isNumeric(option, depth + 1));
  if (WRAPPERS.has(def.type)) return isNumeric(def.innerType, depth + 1);
  if (def.type === 'pipe') return isNumeric(defOf(def.in)?.type === 'transform' ? def.out : def.in, depth + 1);
  return false;
}

/**
 * `value` with the decimal text in every place `schema` expects a number read as that number; everything else as
 * given (objects and arrays are copied only where something changed). Looks through optional, default, nullable,
 * preprocess (a pipe from a transform: what comes out is what is expected), pipes, lazy and intersections.
 */
export function readDecimalText(schema: unknown, value: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 40 || value === undefined || value === null) return value;
  if (isNumeric(schema)) return fromDecimalText(value);
  switch (def.type) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return value;
      let copy: Record<string, unknown> | null = null;
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (!Object.hasOwn(value, key)) continue;
        const given = (value as Record<string, unknown>)[key];
        const read = readDecimalText(field, given, depth + 1);
        if (read !== given) (copy ??= { ...(value as Record<string, unknown>) })[key] = read;
      }
      return copy ?? value;
    }
    case 'array': {
      if (!Array.isArray(value)) return value;
      const read = value.map((item) => readDecimalText(def.element, item, depth + 1));
      return read.some((item, i) => item !== value[i]) ? read : value;
    }
    case 'pipe':
      return readDecimalText(defOf(def.in)?.type === 'transform' ? def.out : def.in, value, depth + 1);
    case 'lazy':
      return def.getter ? readDecimalText(def.getter(), value, depth + 1) : value;
    case 'intersection':
      return readDecimalText(def.right, readDecimalText(def.left, value, depth + 1), depth + 1);
    default:
      return WRAPPERS.has(def.type) ? readDecimalText(def.innerType, value, depth + 1) : value;
  }
}

/** The validator compiler `compile` applying the number rule to the query string, path parameters and body first. */
export function numbersReadAsDecimalText<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart === 'headers') return validate;
    return (data: unknown) => validate(readDecimalText(route.schema, data));
  };
}

type JsonSchemaNode = Record<string, unknown>;

/**
 * A route's JSON schema (body, query string or path) saying the number rule: every `integer` or `number` becomes
 * "that number, or its decimal text" (`anyOf` with the string form's pattern), so the document says what is accepted.
 */
export function openApiNumbers(schema: unknown, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => openApiNumbers(item, depth + 1));
  if (!schema || typeof schema !== 'object' || depth > 40) return schema;
  const node = schema as JsonSchemaNode;
  if (node.type === 'integer' || node.type === 'number') {
    return { anyOf: [node, { type: 'string', pattern: DECIMAL_PATTERN, description: 'the number as decimal text' }] };
  }
  const read: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    const nested = ['properties', 'patternProperties', '$defs', 'definitions'].includes(key) && value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, openApiNumbers(sub, depth + 1)]))
      : ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'prefixItems', 'not'].includes(key) ? openApiNumbers(value, depth + 1) : value;
    read[key] = nested;
  }
  return read;
}
