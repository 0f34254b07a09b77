/**
 * Catalogue events the checkout suites append on top of the demo seed (ids 77xxxx, far from the seed's): two enabled
 * shops and a disabled one, shipping templates of the three kinds, products with stock, a flash sale, a group buy,
 * platform and shop coupons (stackable and not), and the HTTP helpers of a shopper (session, address, coupons).
 */
import { randomUUID } from 'node:crypto';
import { CatalogEvents, type CatalogEventType } from '../../domain/catalog/catalog.events';
import type { EventStore, RecordedEvent } from '../../services/event-store/event-store.port';
import type { TestServer } from '../support/test-server';

export const ids = {
  shop: 770001, otherShop: 770002, disabledShop: 770003, category: 770010,
  perItem: 770501, free: 770502, byWeight: 770503, flat: 770504,
  cup: 770101, tea: 770102, unshelved: 770103, inDisabledShop: 770104, flash: 770105, group: 770106, gift: 770107, lamp: 770108,
  sku: {
    cupRed: 77010101, cupBlue: 77010102, tea: 77010201, unshelved: 77010301, inDisabledShop: 77010401, flash: 77010501,
    group: 77010601, gift: 77010701, lamp: 77010801,
  },
  seckill: 770201, groupWork: 770203,
  coupon: { twentyOff: 770301, huge: 770302 },
  shopCoupon: { tenOff: 770401, ninetyPercent: 770402, otherShopSolo: 770403, giftVoucher: 770404 },
} as const;

const HOUR = 3600_000;
const at = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export type Event = { type: CatalogEventType; data: Record<string, unknown> };

const shop = (shopId: number, shopName: string) => ({
  shopId, shopName, shopBrief: '结算测试店铺', shopLogo: `/images/shop-logo/${shopId}.svg`, shopPhone: '02088886666',
  chargePersonPhone: '13800000000', province: '浙江省', city: '杭州市', addressDetail: '文三路1号',
  returnPerson: '李四', returnPhone: '13800000001', returnAddress: '浙江省杭州市文三路1号',
});

export const templates = {
  perItem: { logisticsId: ids.perItem, name: '按件', chargeType: 1, first: 800, additional: 200 },
  free: { logisticsId: ids.free, name: '全国包邮', chargeType: 3, first: 0, additional: 0 },
  byWeight: { logisticsId: ids.byWeight, name: '按重量', chargeType: 2, first: 600, additional: 300 },
  flat: { logisticsId: ids.flat, name: '按件', chargeType: 1, first: 1500, additional: 0 },
};

export const sku = (skuId: number, price: number, stock: number, valueCodes: string[] = [], weightGrams = 500) =>
  ({ skuId, valueCodes, price, originalPrice: price + 2000, stock, weightGrams, image: `/images/product/${skuId}.svg` });

export const product = (productId: number, shopId: number, productName: string, skus: ReturnType<typeof sku>[], logistics: object) => ({
  productId, shopId, categoryId: ids.category, shopClassifyId: 0, productName, productBrief: `${productName}简介`,
  text: '<p>详情</p>', images: [`/images/product/${productId}.svg`], names: [], skus, logistics, fictitiousSales: 0,
});

const cup = {
  ...product(ids.cup, ids.shop, '保温杯', [sku(ids.sku.cupRed, 10000, 50, ['c_0_0']), sku(ids.sku.cupBlue, 5000, 5, ['c_0_1'])], templates.perItem),
  names: [{ nameCode: 'c_0', skuName: '颜色', values: [{ valueCode: 'c_0_0', skuValue: '红色' }, { valueCode: 'c_0_1', skuValue: '蓝色' }] }],
};

const coupon = (fields: Record<string, unknown>, now: Date) => ({
  couponId: 0, shopCouponId: 0, shopId: 0, activityName: '结算测试券', couponType: 1, threshold: 0, reduceMoney: 1000,
  discountTenths: 0, productIds: [], ifAdd: 1, stock: 1000, perUserLimit: 5,
  startTime: at(now, -24 * HOUR), endTime: at(now, 30 * 24 * HOUR), ...fields,
});

export const promotion = (kind: string, activityId: number, shopId: number, name: string, now: Date, item: Record<string, number>, extra: object) => ({
  kind, activityId, shopId, activityName: name, startTime: at(now, -HOUR), endTime: at(now, 48 * HOUR), limitNumber: 0,
  person: 0, effectiveHours: 0, ifAdd: 0, items: [item], ...extra,
});

export function checkoutCatalog(now: Date): Array<[string, Event[]]> {
  return [
    [`category-${ids.category}`, [{ type: 'CategoryDefined', data: { categoryId: ids.category, parentId: 0, level: 3, name: '结算测试', image: '/images/category/c.svg', sort: 1 } }]],
    [`shop-${ids.shop}`, [{ type: 'ShopOpened', data: shop(ids.shop, '杯具旗舰店') }]],
    [`shop-${ids.otherShop}`, [{ type: 'ShopOpened', data: shop(ids.otherShop, '茶叶小铺') }]],
    [`shop-${ids.disabledShop}`, [{ type: 'ShopOpened', data: shop(ids.disabledShop, '停业的店') }, { type: 'ShopDisabled', data: { shopId: ids.disabledShop } }]],
    [`product-${ids.cup}`, [{ type: 'ProductListed', data: cup }]],
    [`product-${ids.tea}`, [{ type: 'ProductListed', data: product(ids.tea, ids.otherShop, '龙井茶', [sku(ids.sku.tea, 3000, 100)], templates.byWeight) }]],
    [`product-${ids.unshelved}`, [
      { type: 'ProductListed', data: product(ids.unshelved, ids.shop, '下架茶杯', [sku(ids.sku.unshelved, 2000, 10)], templates.perItem) },
      { type: 'ProductUnshelved', data: { productId: ids.unshelved } }]],
    [`product-${ids.inDisabledShop}`, [{ type: 'ProductListed', data: product(ids.inDisabledShop, ids.disabledShop, '停业店的杯子', [sku(ids.sku.inDisabledShop, 2000, 10)], templates.free) }]],
    [`product-${ids.flash}`, [{ type: 'ProductListed', data: product(ids.flash, ids.shop, '秒杀电水壶', [sku(ids.sku.flash, 20000, 10)], templates.free) }]],
    [`product-${ids.group}`, [{ type: 'ProductListed', data: product(ids.group, ids.otherShop, '拼团茶具', [sku(ids.sku.group, 8000, 100)], templates.free) }]],
    [`product-${ids.gift}`, [{ type: 'ProductListed', data: product(ids.gift, ids.otherShop, '试饮装', [sku(ids.sku.gift, 2000, 100)], templates.free) }]],
    [`product-${ids.lamp}`, [{ type: 'ProductListed', data: product(ids.lamp, ids.shop, '台灯', [sku(ids.sku.lamp, 6000, 100)], templates.flat) }]],
  ];
}

export function checkoutPromotions(now: Date): Array<[string, Event[]]> {
  return [
    [`seckill-${ids.seckill}`, [{ type: 'PromotionScheduled', data: promotion('seckill', ids.seckill, ids.shop, '整点秒杀', now,
      { productId: ids.flash, skuId: ids.sku.flash, price: 9900, limitStock: 0 }, { limitNumber: 1 }) }]],
    [`group-work-${ids.groupWork}`, [{ type: 'PromotionScheduled', data: promotion('group-work', ids.groupWork, ids.otherShop, '两人拼茶具', now,
      { productId: ids.group, skuId: ids.sku.group, price: 5000, limitStock: 0 }, { person: 2, effectiveHours: 24, limitNumber: 2 }) }]],
  ];
}

export function checkoutCoupons(now: Date): Array<[string, Event[]]> {
  const issued = (stream: string, data: Record<string, unknown>): [string, Event[]] => [stream, [{ type: 'CouponIssued', data: coupon(data, now) }]];
  return [
    issued(`coupon-${ids.coupon.twentyOff}`, { couponId: ids.coupon.twentyOff, activityName: '满100减20', threshold: 10000, reduceMoney: 2000 }),
    issued(`coupon-${ids.coupon.huge}`, { couponId: ids.coupon.huge, activityName: '无门槛减500', reduceMoney: 50000 }),
    issued(`shop-coupon-${ids.shopCoupon.tenOff}`, { shopCouponId: ids.shopCoupon.tenOff, shopId: ids.shop, activityName: '店铺减10', reduceMoney: 1000, ifAdd: 1 }),
    issued(`shop-coupon-${ids.shopCoupon.ninetyPercent}`, { shopCouponId: ids.shopCoupon.ninetyPercent, shopId: ids.shop, activityName: '店铺9折',
      couponType: 2, reduceMoney: 0, discountTenths: 90, ifAdd: 0 }),
    issued(`shop-coupon-${ids.shopCoupon.otherShopSolo}`, { shopCouponId: ids.shopCoupon.otherShopSolo, shopId: ids.otherShop, activityName: '茶铺减5', reduceMoney: 500, ifAdd: 0 }),
    issued(`shop-coupon-${ids.shopCoupon.giftVoucher}`, { shopCouponId: ids.shopCoupon.giftVoucher, shopId: ids.otherShop, activityName: '试饮兑换券',
      reduceMoney: 10000, productIds: [ids.gift], ifAdd: 1 }),
  ];
}

export async function appendCheckoutFixture(store: EventStore, now: Date): Promise<RecordedEvent[]> {
  return appendCatalogEvents(store, [...checkoutCatalog(now), ...checkoutPromotions(now), ...checkoutCoupons(now)], now);
}

/** Appends catalogue events (validated by their schemas) as the platform, stream by stream. */
export async function appendCatalogEvents(store: EventStore, streams: Array<[string, Event[]]>, now: Date): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (const [stream, events] of streams) {
    const result = await store.appendToStream(stream, events.map((e) => ({
      type: e.type,
      data: CatalogEvents[e.type].parse(e.data),
      metadata: { eventId: randomUUID(), actor: { kind: 'platform' as const }, occurredAt: now.toISOString(), schemaVersion: 1 },
    })));
    out.push(...result.events);
  }
  return out;
}

/** Appends the fixture and waits until every read model has it. */
export async function settleCheckoutFixture(server: TestServer, now: Date): Promise<void> {
  const events = await appendCheckoutFixture(server.runtime.store, now);
  if (!(await server.runtime.projections.waitFor(events, { timeoutMs: 60000 }))) throw new Error('checkout fixture not projected in 60 s');
}
