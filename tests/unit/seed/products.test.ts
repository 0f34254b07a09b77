/** The demo products as a shopper meets them: options, prices, stock, pictures, shipping. */
import type { CategoryDefined } from '../../../domain/catalog/catalog.events';
import { dataOf, onSale, products, unshelvedIds } from './seed.fixtures';

const SINGLE_STYLE_KEY = '单款项';
const optionKey = (valueCodes: string[]) => (valueCodes.length > 0 ? valueCodes.join(',') : SINGLE_STYLE_KEY);
const level3 = new Set(dataOf<CategoryDefined>('CategoryDefined').filter((c) => c.level === 3).map((c) => c.categoryId));

describe('every demo product', () => {
  it.each(products.map((p) => [p.productId, p] as const))('%i hangs on a level-3 category', (_, p) => {
    expect(level3.has(p.categoryId)).toBe(true);
  });

  it('has one SKU per combination of spec values, keyed by the comma-joined value codes', () => {
    for (const p of products) {
      const combinations = p.names.reduce((n, name) => n * name.values.length, 1);
      expect(p.skus).toHaveLength(combinations);
      const keys = p.skus.map((s) => optionKey(s.valueCodes));
      expect(new Set(keys).size).toBe(keys.length);
      for (const sku of p.skus) {
        expect(sku.valueCodes).toHaveLength(p.names.length);
        sku.valueCodes.forEach((code, i) => {
          expect(code).toMatch(/^attr_code_\d+_value_\d+$/);
          expect(p.names[i].values.map((v) => v.valueCode)).toContain(code);
        });
      }
      p.names.forEach((name, i) => expect(name.nameCode).toBe(`attr_code_${i}`));
    }
  });

  it('has realistic money: positive fen, original price above the price', () => {
    for (const sku of products.flatMap((p) => p.skus)) {
      expect(Number.isInteger(sku.price)).toBe(true);
      expect(sku.price).toBeGreaterThan(0);
      expect(sku.originalPrice).toBeGreaterThan(sku.price);
    }
  });

  it('shows 3 to 6 pictures and detail HTML with a spec table and pictures', () => {
    for (const p of products) {
      expect(p.images.length).toBeGreaterThanOrEqual(3);
      expect(p.images.length).toBeLessThanOrEqual(6);
      expect(p.text).toContain('<table');
      expect(p.text).toContain('<img src="/api/images/product/');
      expect(p.productBrief.length).toBeGreaterThan(0);
    }
  });
});

describe('the demo products together', () => {
  const skus = products.flatMap((p) => p.skus);

  it('mix multi-spec products (two specs, e.g. 颜色 × 尺码) and single-style ones (单款项)', () => {
    expect(products.some((p) => p.names.length === 2)).toBe(true);
    const single = products.filter((p) => p.names.length === 0);
    expect(single.length).toBeGreaterThan(10);
    expect(single.every((p) => p.skus.length === 1 && optionKey(p.skus[0].valueCodes) === SINGLE_STYLE_KEY)).toBe(true);
  });

  it('include sold-out SKUs of products that stay on sale, and a sold-out product', () => {
    expect(skus.filter((s) => s.stock === 0).length).toBeGreaterThan(5);
    expect(products.some((p) => onSale(p) && p.skus.length > 1 && p.skus.some((s) => s.stock === 0) && p.skus.some((s) => s.stock > 0))).toBe(true);
    expect(products.some((p) => onSale(p) && p.skus.every((s) => s.stock === 0))).toBe(true);
  });

  it('give colour SKUs their own picture', () => {
    const coloured = products.filter((p) => p.names[0]?.skuName === '颜色');
    expect(coloured.length).toBeGreaterThan(50);
    expect(coloured.every((p) => new Set(p.skus.map((s) => s.image)).size === p.names[0].values.length)).toBe(true);
  });

  it('ship with templates of all three charge types, free shipping costing nothing', () => {
    const types = new Set(products.map((p) => p.logistics.chargeType));
    expect([...types].sort()).toEqual([1, 2, 3]);
    expect(products.filter((p) => p.logistics.chargeType === 3).every((p) => p.logistics.first === 0 && p.logistics.additional === 0)).toBe(true);
  });

  it('include a few unshelved products and fictitious sales on every product', () => {
    expect(unshelvedIds.size).toBeGreaterThanOrEqual(3);
    expect(products.every((p) => p.fictitiousSales > 0)).toBe(true);
  });

  it('fall into the shop\'s own categories where the shop has one', () => {
    expect(products.filter((p) => p.shopClassifyId > 0).length).toBe(products.length);
    expect(products.every((p) => Math.floor(p.shopClassifyId / 100) === p.shopId)).toBe(true);
  });

  it('use unique product and SKU ids', () => {
    expect(new Set(products.map((p) => p.productId)).size).toBe(products.length);
    expect(new Set(skus.map((s) => s.skuId)).size).toBe(skus.length);
  });
});
