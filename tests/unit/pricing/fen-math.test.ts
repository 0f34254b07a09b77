import { allocateCapped, allocateProportionally, mulDivFloor, splitEvenly } from '../../../domain/pricing/fen-math';

describe('an amount split evenly', () => {
  it.each([
    [100, 3, [34, 33, 33]],
    [101, 3, [34, 34, 33]],
    [99, 3, [33, 33, 33]],
    [2, 3, [1, 1, 0]],
    [0, 2, [0, 0]],
  ])('%i fen over %i parts gives %j, remainder to the first parts', (amount, parts, shares) => {
    expect(splitEvenly(amount, parts)).toEqual(shares);
  });

  it('refuses fractions of a fen', () => {
    expect(() => splitEvenly(10.5, 2)).toThrow(RangeError);
  });
});

describe('an amount allocated in proportion', () => {
  it.each([
    [10, [1, 1, 1], [4, 3, 3]],
    [100, [1, 2], [33, 67]],
    [1000, [10000, 5000], [667, 333]],
    [1, [5, 5], [1, 0]],
    [7, [0, 3, 0], [0, 7, 0]],
    [5, [0, 0], [0, 0]],
  ])('%i fen over weights %j gives %j (largest remainder, ties to the earlier)', (amount, weights, shares) => {
    expect(allocateProportionally(amount, weights)).toEqual(shares);
    if (weights.some(Boolean)) expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it('stays exact past 2^53 in the intermediate products', () => {
    const shares = allocateProportionally(999_999_999_999, [333_333_333_333, 666_666_666_667]);
    expect(shares).toEqual([333_333_333_333, 666_666_666_666]);
  });
});

describe('an amount larger than the weights can absorb', () => {
  it('fills every weight and returns the rest as overflow', () => {
    expect(allocateCapped(150, [60, 40])).toEqual({ shares: [60, 40], overflow: 50 });
  });

  it('allocates in proportion when it fits', () => {
    expect(allocateCapped(50, [60, 40])).toEqual({ shares: [30, 20], overflow: 0 });
  });
});

describe('a product divided with floor', () => {
  it('is exact where floating point is not', () => {
    expect(mulDivFloor(Number.MAX_SAFE_INTEGER, 999, 1000)).toBe(Number((BigInt(Number.MAX_SAFE_INTEGER) * 999n) / 1000n));
  });
});
