/**
 * Hostile input for the fuzzer (issue 13): wrong types, boundary numbers, huge and empty strings, NUL and lone
 * surrogates, unicode that is hard to store or compare, deep and wide JSON, and keys that poison prototypes.
 */
import fc from 'fast-check';

const BOUNDARY_NUMBERS = [0, -0, -1, 1, 0.5, 1.5, -1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2,
  -(2 ** 53), 1e21, 1e308, -1e308, Number.MIN_VALUE, 1e-7];

const NUMBER_LIKE_TEXT = ['', ' ', '0', '-0', '00', '01', '1e3', '1E3', '0x10', '0b1', '0o7', '+1', ' 1 ', '1.', '.5', '1,000',
  'NaN', 'Infinity', '-Infinity', '9007199254740993', '99999999999999999999999', '١٢', '１２', 'true', 'null', 'undefined', '[]', '{}'];

const NASTY_TEXT = ['\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83dy', '\ud83d\ude00', '😀👍🏽👨‍👩‍👧', '\u202eRTL\u202c', '\u2028\u2029',
  'e\u0301', '\ufeff', '\uffff', '\u{10ffff}', '%00', '%ED%A0%80', '../../etc/passwd', "' OR 1=1 --", '"; drop table events; --',
  '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '\\', '\r\n\r\n', '\t', '集市'.repeat(50), '🧧'.repeat(300)];

/** Strings: empty, huge, nasty, and any code point including lone surrogates. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_TEXT, ...NUMBER_LIKE_TEXT), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 20 }), weight: 3 },
  { arbitrary: fc.constantFrom(300, 10_000, 100_000).map((n) => 'a'.repeat(n)), weight: 1 },
  { arbitrary: fc.constantFrom(5_000, 20_000).map((n) => '字'.repeat(n)), weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...BOUNDARY_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Nested arrays or objects `depth` levels deep. */
export const deepJson = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
};

/** An object with `width` keys, or an array of `width` items. */
export const wideJson = (width: number, kind: 'array' | 'object'): unknown =>
  kind === 'array' ? Array.from({ length: width }, (_, i) => i) : Object.fromEntries(Array.from({ length: width }, (_, i) => [`k${i}`, i]));

export const deepOrWide: fc.Arbitrary<unknown> = fc.oneof(
  fc.tuple(fc.constantFrom(64, 500, 2_000), fc.constantFrom('array' as const, 'object' as const)).map(([d, k]) => deepJson(d, k)),
  fc.tuple(fc.constantFrom(1_000, 5_000), fc.constantFrom('array' as const, 'object' as const)).map(([w, k]) => wideJson(w, k)),
);

const poisoned: fc.Arbitrary<unknown> = fc.constantFrom(
  JSON.parse('{"__proto__": {"admin": true}}'), JSON.parse('{"constructor": {"prototype": {"admin": true}}}'), { toString: 1 }, { valueOf: 'x' },
);

/** Any hostile value in place of a field or a whole body. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 8 },
  { arbitrary: hostileNumber, weight: 6 },
  { arbitrary: fc.constantFrom(true, false, null, [], {}, [null], [''], [[]], { '': '' }), weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 4 },
  { arbitrary: fc.array(fc.oneof(hostileNumber, hostileString), { maxLength: 5 }), weight: 1 },
  { arbitrary: deepOrWide, weight: 1 }, // costly to send: as often as one request in ~25
  { arbitrary: poisoned, weight: 1 },
);

/** A body that is not what any route expects: raw text, broken JSON, another media type, or one past the size limit. */
export interface RawBody { payload: string; contentType: string | null }
export const hostileRawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.constantFrom('', '{', '{"a":', '[1,2', 'nul', '\u0000', '"\ud800"', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '1e999', '{"a":1}{"b":2}')
    .map((payload) => ({ payload, contentType: 'application/json' })),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1', null)
    .map((contentType) => ({ payload: 'a=1&b=%00', contentType })),
  fc.constant(1024 * 1024 + 1).map((size) => ({ payload: `{"a":"${'x'.repeat(size)}"}`, contentType: 'application/json' })),
  // deeper than JSON.stringify itself can write: written as text
  fc.constantFrom(1_000, 100_000).map((depth) => ({ payload: '['.repeat(depth) + ']'.repeat(depth), contentType: 'application/json' })),
  fc.constantFrom(10_000, 100_000).map((depth) => ({ payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, contentType: 'application/json' })),
);
