/**
 * How our pools turn PostgreSQL's text into JavaScript values, fixed at pg's built-in defaults and private to our pools.
 *
 * pg keeps its parsers in one process-wide registry (`pg.types`), and any library in the process may rewrite it:
 * Emmett's dumbo, for one, sets int8 → BigInt and parses json/jsonb with a reviver that turns every numeric string
 * longer than 15 characters into a BigInt (a WeChat transaction id). Our code reads int8 as strings and event data
 * as plain JSON; with the registry rewritten, projections failed on `PaymentSucceeded` ("expected string, received
 * bigint") and stalled. Each pool therefore gets its own registry, filled by pg-types' own default parsers (the
 * functions `pg.types` starts with), which nothing outside this module can reach.
 */
import type pg from 'pg';
import binaryParsers from 'pg-types/lib/binaryParsers.js';
import textParsers from 'pg-types/lib/textParsers.js';

type Parse = (value: string) => unknown;
type Registry = Map<number, Parse>;

function registryOf(init: (register: (oid: number, parse: Parse) => void) => void): Registry {
  const registry: Registry = new Map();
  init((oid, parse) => registry.set(oid, parse));
  return registry;
}

const text = registryOf(textParsers.init);
const binary = registryOf(binaryParsers.init);

/** A type without a parser stays the text PostgreSQL sent, as with pg's own registry. */
const asText: Parse = (value) => String(value);

/** The `types` of a pg pool or client config. */
export const pinnedTypeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format === 'binary' ? binary : text).get(oid) ?? asText) as pg.CustomTypesConfig['getTypeParser'],
};
