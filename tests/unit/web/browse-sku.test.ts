import type { SkuName, SkuOption } from '../../../domain/catalog/detail.contract';
import { choose, initialSelection, isAvailable, selectedSku, SINGLE_SKU_KEY, type SkuMap } from '../../../web/src/features/product/sku.model';

const noActivity = {
  activityType: 0, activityName: '', shopGroupWorkId: 0, shopSeckillId: 0, shopDiscountId: 0, startTime: '', endTime: '',
  time: 0, ifEnable: 0, person: 0, activityPrice: 0, limitNumber: 0, limitStockNumber: 0, userLimit: 0, ifAdd: 1,
} as const;

const option = (skuId: number, key: string, price: number, stockNumber: number): SkuOption => ({
  ...noActivity, skuId, valueCodes: key, value: key, stockNumber, price, originalPrice: price + 10, image: `/images/product/${skuId}.svg`,
});

const names: SkuName[] = [
  { nameCode: 'c', skuName: '颜色', values: [{ valueCode: 'c0', skuValue: '黑色', skuName: '颜色' }, { valueCode: 'c1', skuValue: '白色', skuName: '颜色' }] },
  { nameCode: 's', skuName: '容量', values: [{ valueCode: 's0', skuValue: '128G', skuName: '容量' }, { valueCode: 's1', skuValue: '256G', skuName: '容量' }] },
];
// White comes only in 128G; black 256G is sold out.
const map: SkuMap = {
  'c0,s0': option(11, 'c0,s0', 1999, 5),
  'c0,s1': option(12, 'c0,s1', 2499, 0),
  'c1,s0': option(13, 'c1,s0', 2099, 3),
};

describe('given a two-spec product opened with a SKU id', () => {
  it('selects that SKU’s values', () => {
    expect(initialSelection(names, map, 13)).toEqual(['c1', 's0']);
    expect(selectedSku(names, map, ['c1', 's0'])?.skuId).toBe(13);
  });

  it('falls back to the first SKU in stock when the id is unknown', () => {
    expect(initialSelection(names, map, 999)).toEqual(['c0', 's0']);
  });
});

describe('given white is chosen', () => {
  it('disables 256G, which no white SKU has, and keeps 128G', () => {
    expect(isAvailable(map, ['c1', 's0'], 1, 's1')).toBe(false);
    expect(isAvailable(map, ['c1', 's0'], 1, 's0')).toBe(true);
  });

  it('keeps black choosable, so switching colour leads to an existing SKU', () => {
    expect(isAvailable(map, ['c1', 's0'], 0, 'c0')).toBe(true);
  });
});

describe('given black 256G, a SKU with stock 0', () => {
  it('is still choosable and found, with its own price and stock', () => {
    const next = choose(['c0', 's0'], 1, 's1');
    expect(next).toEqual(['c0', 's1']);
    expect(selectedSku(names, map, next)).toMatchObject({ skuId: 12, price: 2499, stockNumber: 0 });
  });
});

describe('given a chosen value clicked again', () => {
  it('is cleared, and no SKU is selected until the spec is chosen again', () => {
    const next = choose(['c0', 's0'], 0, 'c0');
    expect(next).toEqual([undefined, 's0']);
    expect(selectedSku(names, map, next)).toBeUndefined();
    expect(isAvailable(map, next, 0, 'c1')).toBe(true);
  });
});

describe('given a single-spec product', () => {
  it('uses the 单款项 entry without any choice', () => {
    const single: SkuMap = { [SINGLE_SKU_KEY]: option(21, SINGLE_SKU_KEY, 59, 8) };
    expect(initialSelection([], single, 21)).toEqual([]);
    expect(selectedSku([], single, [])?.skuId).toBe(21);
  });
});
