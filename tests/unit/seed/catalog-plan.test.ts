/** The demo catalogue plan: enough of everything, every payload valid, the same events every time. */
import { CatalogEvents, type CatalogEventType, type CategoryDefined, type ShopOpened } from '../../../domain/catalog/catalog.events';
import { planCatalog } from '../../../services/ops/seed/catalog/catalog-plan';
import { allEvents, dataOf, disabledShopIds, NOW, plan, products } from './seed.fixtures';

describe('the demo catalogue planned at a moment', () => {
  const categories = dataOf<CategoryDefined>('CategoryDefined');
  const shops = dataOf<ShopOpened>('ShopOpened');

  it('has at least 7 top-level categories, each with children down to level 3', () => {
    const tops = categories.filter((c) => c.level === 1);
    expect(tops.length).toBeGreaterThanOrEqual(7);
    for (const top of tops) {
      const children = categories.filter((c) => c.parentId === top.categoryId);
      expect(children.length).toBeGreaterThan(0);
      expect(children.every((c) => c.level === 2)).toBe(true);
      expect(categories.some((c) => c.level === 3 && children.some((child) => child.categoryId === c.parentId))).toBe(true);
    }
  });

  it('has at least 12 open shops and one disabled shop', () => {
    expect(shops.filter((s) => !disabledShopIds.has(s.shopId)).length).toBeGreaterThanOrEqual(12);
    expect(disabledShopIds.size).toBe(1);
  });

  it('has at least 150 products', () => {
    expect(products.length).toBeGreaterThanOrEqual(150);
  });

  it('validates every payload against its zod schema', () => {
    for (const event of allEvents) {
      const schema = CatalogEvents[event.type as CatalogEventType];
      expect(schema).toBeDefined();
      expect(schema.safeParse(event.data).success).toBe(true);
    }
  });

  it('gives every event a unique id and keeps one stream per aggregate', () => {
    const ids = allEvents.map((e) => e.metadata.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    const streams = plan.map((b) => b.streamId);
    expect(new Set(streams).size).toBe(streams.length);
  });

  it('appends categories, shops, products, coupons, promotions and layouts in that order', () => {
    const rank = (type: string) => {
      if (type === 'CategoryDefined') return 0;
      if (type.startsWith('Shop')) return 1;
      if (type.startsWith('Product')) return 2;
      if (type === 'CouponIssued') return 3;
      if (type === 'PromotionScheduled') return 4;
      return 5;
    };
    const ranks = plan.map((b) => rank(b.events[0].type));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(6);
  });

  it('is the same plan when made again for the same moment', () => {
    expect(planCatalog(new Date(NOW))).toEqual(plan);
  });

  it('dates every event at or before the seeding moment', () => {
    expect(allEvents.every((e) => Date.parse(e.metadata.occurredAt) <= NOW.getTime())).toBe(true);
  });
});
