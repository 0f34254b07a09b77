/** The demo page layouts: component shapes the storefront reads, the dropped 4th, links to things that exist. */
import type { CategoryDefined, ShopOpened } from '../../../domain/catalog/catalog.events';
import type { Component, LinkObj } from '../../../services/ops/seed/catalog/layout-parts';
import { canvases, coupons, dataOf, disabledShopIds, onSale, products, promotions } from './seed.fixtures';

const NON_VISUAL = ['assistDiv'];
const PLATFORM_TYPES = ['banner', 'text', 'imageText', 'brandList', 'categoryList', 'imageTextList', 'assistDiv', 'imageTextNav',
  'productList', 'videoBox', 'coupon', 'custom', 'groupList', 'spikeList', 'discountList'];

const productIds = new Set(products.filter(onSale).map((p) => p.productId));
const categoryIds = new Set(dataOf<CategoryDefined>('CategoryDefined').map((c) => c.categoryId));
const shopIds = new Set(dataOf<ShopOpened>('ShopOpened').map((s) => s.shopId).filter((id) => !disabledShopIds.has(id)));
const customIds = new Set(canvases.filter((c) => c.type === 2).map((c) => c.customId));

/** Every linkObj anywhere inside a component. */
function linksIn(value: unknown): LinkObj[] {
  if (Array.isArray(value)) return value.flatMap(linksIn);
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const own = typeof record.selsectValue === 'string' && 'typeText' in record ? [record as unknown as LinkObj] : [];
  return [...own, ...Object.values(record).flatMap(linksIn)];
}

function resolves(link: LinkObj): boolean {
  switch (link.selsectValue) {
    case '': case '/index': return true;
    case '/detail': return productIds.has(Number(link.data.productId));
    case '/category': return categoryIds.has(Number(link.data.id));
    case '/shop': return shopIds.has(Number(link.data.shopId));
    case '/custom': return customIds.has(Number(link.data.id));
    default: return false;
  }
}

const home = canvases.find((c) => c.type === 1);
const typesOf = (components: Component[]) => new Set(components.map((c) => c.type));

describe('every demo layout', () => {
  it.each(canvases.map((c) => [c.name, c] as const))('%s puts a non-visual component 4th and numbers them in order', (_, canvas) => {
    expect(canvas.terminal).toBe(4);
    expect(NON_VISUAL).toContain(canvas.components[3].type);
    canvas.components.forEach((component, i) => {
      expect(component.index).toBe(i);
      expect(component.title.length).toBeGreaterThan(0);
      expect(component.componentContent).toEqual(expect.any(Object));
    });
  });

  it.each(canvases.map((c) => [c.name, c] as const))('%s links only to products on sale, categories, open shops and custom pages that exist', (_, canvas) => {
    const links = linksIn(canvas.components);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !resolves(link))).toEqual([]);
  });

  it.each(canvases.map((c) => [c.name, c] as const))('%s lists products on sale, coupons and activities that exist', (_, canvas) => {
    for (const { type, componentContent: content } of canvas.components) {
      if (type === 'productList') {
        const data = content.productData as { sourceType: string; productIdList: number[]; categoryId: number };
        if (data.sourceType === '1') expect(data.productIdList.length > 0 && data.productIdList.every((id) => productIds.has(id))).toBe(true);
        else expect(categoryIds.has(data.categoryId)).toBe(true);
      }
      if (type === 'coupon') {
        const list = content.couponList as { couponId: number; shopCouponId?: number }[];
        expect(list.length).toBeGreaterThan(0);
        expect(list.every((c) => coupons.some((x) => (c.shopCouponId ? x.shopCouponId === c.shopCouponId : x.couponId === c.couponId)))).toBe(true);
      }
      if (type === 'spikeList') {
        const ids = content.shopSeckillId as number[];
        expect(ids.every((id) => promotions.some((p) => p.kind === 'seckill' && p.activityId === id))).toBe(true);
      }
      if (type === 'discountList') expect(promotions.some((p) => p.kind === 'discount' && p.activityId === content.shopDiscountId)).toBe(true);
      if (type === 'groupList') expect(promotions.some((p) => p.kind === 'group-work' && p.activityId === content.shopGroupWorkId)).toBe(true);
    }
  });
});

describe('the PC home layout (terminal 4, type 1)', () => {
  it('exists once', () => {
    expect(canvases.filter((c) => c.type === 1)).toHaveLength(1);
  });

  it('uses every platform component type', () => {
    expect([...PLATFORM_TYPES].filter((type) => !typesOf(home!.components).has(type))).toEqual([]);
  });

  it('lists products both by ids (sourceType 1) and by category (sourceType 2)', () => {
    const sources = home!.components.filter((c) => c.type === 'productList')
      .map((c) => (c.componentContent.productData as { sourceType: string }).sourceType);
    expect(sources).toEqual(expect.arrayContaining(['1', '2']));
  });
});

describe('the shop layouts (type 3)', () => {
  const shopCanvases = canvases.filter((c) => c.type === 3);

  it('cover every open shop and never the disabled one', () => {
    expect(new Set(shopCanvases.map((c) => c.shopId))).toEqual(shopIds);
  });

  it.each(shopCanvases.map((c) => [c.shopId, c] as const))('shop %i opens with its header and shows its products, coupons and activities', (shopId, canvas) => {
    const types = typesOf(canvas.components);
    expect(['shopHeader', 'shopHead']).toContain(canvas.components[0].type);
    expect(types.has('productList')).toBe(true);
    if (coupons.some((c) => c.shopId === shopId)) expect(types.has('coupon')).toBe(true);
    const kinds = { seckill: 'spikeList', discount: 'discountList', 'group-work': 'groupList' } as const;
    for (const p of promotions.filter((x) => x.shopId === shopId)) expect(types.has(kinds[p.kind])).toBe(true);
  });
});

describe('the custom pages (type 2)', () => {
  it('exist with their own custom ids', () => {
    expect(customIds.size).toBeGreaterThanOrEqual(1);
    expect(canvases.filter((c) => c.type === 2).every((c) => c.customId > 0 && c.shopId === 0)).toBe(true);
  });

  it('together with the home use every magic cube layout L1 to L4', () => {
    const cubes = canvases.filter((c) => c.type !== 3).flatMap((c) => c.components).filter((c) => c.type === 'custom')
      .map((c) => c.componentContent.layoutType);
    expect(new Set(cubes)).toEqual(new Set(['L1', 'L2', 'L3', 'L4']));
  });
});
