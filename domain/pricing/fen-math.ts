import type { Fen } from '../shared/money';

/**
 * Integer fen arithmetic. Products of two amounts can pass 2^53, so multiplication and division go through
 * BigInt: every result here is exact, and every rounding is the one named by the function.
 */

/** floor(a × b / c) for non-negative integers, c > 0. */
export function mulDivFloor(a: number, b: number, c: number): number {
  assertWhole(a, b);
  if (!Number.isSafeInteger(c) || c <= 0) throw new RangeError(`bad divisor: ${c}`);
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

function assertWhole(...values: number[]): void {
  for (const v of values) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`not a whole fen amount: ${v}`);
}

/** Split `amount` into `parts` near-equal shares; the first `amount mod parts` shares carry one extra fen. */
export function splitEvenly(amount: Fen, parts: number): Fen[] {
  assertWhole(amount);
  if (!Number.isSafeInteger(parts) || parts <= 0) throw new RangeError(`bad number of parts: ${parts}`);
  const base = Math.floor(amount / parts);
  const remainder = amount - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < remainder ? 1 : 0));
}

/**
 * Allocate `amount` over `weights` in proportion (largest remainder method): each share is floor(amount × w / W),
 * and the fen left over go one each to the largest fractional parts, ties to the earlier index. The shares sum to
 * `amount` exactly and, when amount ≤ W, no share exceeds its weight. A zero total weight allocates nothing.
 */
export function allocateProportionally(amount: Fen, weights: readonly Fen[]): Fen[] {
  assertWhole(amount, ...weights);
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0) return weights.map(() => 0);
  const big = weights.map((w) => BigInt(amount) * BigInt(w));
  const shares = big.map((p) => Number(p / BigInt(total)));
  const fractions = big.map((p, index) => ({ index, rest: p % BigInt(total) }));
  fractions.sort((x, y) => (x.rest === y.rest ? x.index - y.index : x.rest > y.rest ? -1 : 1));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  for (const { index } of fractions) {
    if (left === 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Like allocateProportionally, but no share exceeds its weight: what the weights cannot absorb is returned as
 * `overflow` for the caller to place (a coupon share larger than the goods it applies to).
 */
export function allocateCapped(amount: Fen, weights: readonly Fen[]): { shares: Fen[]; overflow: Fen } {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (amount >= total) return { shares: [...weights], overflow: amount - total };
  return { shares: allocateProportionally(amount, weights), overflow: 0 };
}
