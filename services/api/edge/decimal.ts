/**
 * Numbers at the edge (issue 13): a JSON number, or a plain decimal string where the origin sends strings ("12",
 * "-1", "12.50"). `decimal(z.number())` read `true` as 1, `"1e3"` as 1000, `"0x10"` as 16 and `""` as 0 — a boolean
 * claimed coupon 1 and "1e3" bought 1000. Every numeric query, param and body field goes through `decimal(...)`, which
 * turns only decimal text into a number and hands everything else to the inner schema unchanged, so it is refused.
 */
import { z } from 'zod';

const DECIMAL_TEXT = /^-?\d{1,16}(\.\d{1,8})?$/;

function fromDecimalText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return DECIMAL_TEXT.test(text) ? Number(text) : value;
}

/** `inner` (a z.number() chain) reading decimal strings as numbers; booleans, exponents, hex and junk are refused. */
export function decimal<T extends z.ZodType>(inner: T) {
  return z.preprocess(fromDecimalText, inner);
}
