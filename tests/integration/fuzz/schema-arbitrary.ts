/**
 * Values a JSON schema of the generated document accepts (the subset zod emits: type, enum, const, anyOf/oneOf,
 * bounds, pattern, items, properties/required). Integers lean on `knownIds` — ids read from the seeded store's own
 * answers — so valid requests reach real shops, products and SKUs, not only "not found".
 */
import fc from 'fast-check';
import type { JsonSchema } from './contract-operations';

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

function integerArbitrary(schema: JsonSchema, knownIds: readonly number[]): fc.Arbitrary<number> {
  const exclusiveMin = num(schema.exclusiveMinimum);
  const min = Math.max(num(schema.minimum) ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : -1000), Number.MIN_SAFE_INTEGER);
  const max = Math.min(num(schema.maximum) ?? (num(schema.exclusiveMaximum) ?? 1_000_000) - (schema.exclusiveMaximum !== undefined ? 1 : 0), Number.MAX_SAFE_INTEGER);
  const inRange = knownIds.filter((id) => id >= min && id <= max);
  const options: fc.Arbitrary<number>[] = [fc.constantFrom(min, max), fc.integer({ min, max: Math.min(max, min + 20) }), fc.integer({ min, max })];
  if (inRange.length > 0) options.push(fc.constantFrom(...inRange), fc.constantFrom(...inRange));
  return fc.oneof(...options);
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.min(num(schema.maxLength) ?? minLength + 12, minLength + 40);
  if (typeof schema.pattern === 'string') {
    try {
      const pattern = new RegExp(schema.pattern, 'u');
      return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= (num(schema.maxLength) ?? Infinity));
    } catch {
      // a pattern fast-check cannot generate from: fall back to plain text below
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    fc.constantFrom('张三', '武汉', '保温杯', '13800138000').filter((s) => s.length >= minLength && s.length <= maxLength),
  );
}

export function validOf(schema: JsonSchema, knownIds: readonly number[], depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validOf(s, knownIds, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': return integerArbitrary(schema, knownIds);
    case 'number': return fc.oneof(integerArbitrary(schema, knownIds),
      fc.double({ min: num(schema.minimum) ?? -1e6, max: num(schema.maximum) ?? 1e6, noNaN: true }));
    case 'string': return stringArbitrary(schema);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = num(schema.minItems) ?? 0;
      const maxLength = Math.min(num(schema.maxItems) ?? minLength + 3, minLength + 3);
      return fc.array(validOf(items, knownIds, depth + 1), { minLength, maxLength });
    }
    case 'object': return objectOf(schema, knownIds, depth);
    default: return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, knownIds: readonly number[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const record = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validOf(s, knownIds, depth + 1)]));
  return fc.record(record, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) }) as fc.Arbitrary<Record<string, unknown>>;
}
