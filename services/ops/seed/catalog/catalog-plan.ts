/**
 * The demo catalogue as streams of events, in the order they are appended: categories, shops, products, coupons,
 * promotions, layouts. Pure: the same `now` gives the same events with the same ids. Every payload is parsed with its
 * zod schema here, so a data mistake fails the seed instead of reaching a read model.
 */
import { CatalogEvents, catalogStreams, type CatalogEventType } from '../../../../domain/catalog/catalog.events';
import { deterministicEventId } from '../../../event-store/event-ids';
import { currentSchemaVersion } from '../../../event-store/upcasting/event-versions';
import type { Actor, NewEvent } from '../../../event-store/event-store.port';
import { allCategories } from './categories.data';
import { categoryImage, shopBanner, shopLogo } from './catalog-images';
import { DAY_MS, floorToMinute, HOUR_MS, isoAt } from './catalog-clock';
import { demoCoupons } from './coupons.data';
import { CUSTOM_PAGES, freshFairPage, winterPage } from './custom-pages.data';
import { demoProducts, productSeedOf } from './demo-products';
import { homeLayout } from './layouts.data';
import type { Component } from './layout-parts';
import { demoPromotions } from './promotions.data';
import { shopCanvasId, shopLayout } from './shop-layouts.data';
import { shopClassifyId, shopSeeds } from './shops.data';

export interface StreamBatch {
  streamId: string;
  events: NewEvent[];
}

const platform: Actor = { kind: 'platform' };
const merchant = (shopId: number): Actor => ({ kind: 'merchant', id: String(shopId) });

interface Draft { type: CatalogEventType; data: unknown; actor: Actor; occurredAt: string }

function batch(streamId: string, drafts: Draft[]): StreamBatch {
  return {
    streamId,
    events: drafts.map((d, i) => ({
      type: d.type,
      data: CatalogEvents[d.type].parse(d.data),
      metadata: { eventId: deterministicEventId(`seed-demo/catalog/${streamId}/${i}`), actor: d.actor, occurredAt: d.occurredAt, schemaVersion: currentSchemaVersion(d.type) },
    })),
  };
}

function canvas(canvasId: number, type: 1 | 2 | 3, shopId: number, customId: number, name: string, components: Component[], at: string): StreamBatch {
  return batch(catalogStreams.canvas(canvasId), [{
    type: 'CanvasPublished', actor: shopId > 0 ? merchant(shopId) : platform, occurredAt: at,
    data: { canvasId, terminal: 4, type, shopId, customId, name, json: JSON.stringify(components) },
  }]);
}

export function planCatalog(now: Date): StreamBatch[] {
  const base = floorToMinute(now);
  const at = (offsetMs: number) => isoAt(base, offsetMs);
  const batches: StreamBatch[] = [];

  for (const c of allCategories) {
    batches.push(batch(catalogStreams.category(c.id), [{
      type: 'CategoryDefined', actor: platform, occurredAt: at(-60 * DAY_MS + c.id * 60_000),
      data: { categoryId: c.id, parentId: c.parentId, level: c.level, name: c.name, image: categoryImage(c), sort: c.sort },
    }]));
  }

  for (const s of shopSeeds) {
    const opened = -30 * DAY_MS + s.shopId * HOUR_MS;
    const { shopId, shopName, shopBrief, shopPhone, chargePersonPhone, province, city, addressDetail, returnPerson } = s;
    batches.push(batch(catalogStreams.shop(shopId), [
      { type: 'ShopOpened', actor: platform, occurredAt: at(opened), data: {
        shopId, shopName, shopBrief, shopLogo: shopLogo(s), shopPhone, chargePersonPhone, province, city, addressDetail,
        returnPerson, returnPhone: chargePersonPhone, returnAddress: `${province}${province === city ? '' : city}${addressDetail}` } },
      ...s.classifies.map((c, i): Draft => ({ type: 'ShopClassifyDefined', actor: merchant(shopId), occurredAt: at(opened + (i + 1) * 60_000),
        data: { shopId, classifyId: shopClassifyId(shopId, i), classifyName: c.name, sort: i + 1 } })),
      { type: 'ShopBannerSet', actor: merchant(shopId), occurredAt: at(opened + HOUR_MS / 2),
        data: { shopId, bannerImages: s.banners.map((_, i) => shopBanner(s, i)) } },
      ...(s.disabled ? [{ type: 'ShopDisabled', actor: platform, occurredAt: at(-2 * DAY_MS), data: { shopId } } as Draft] : []),
    ]));
  }

  demoProducts.forEach((p, i) => {
    const listed = at(-10 * DAY_MS + i * HOUR_MS);
    const drafts: Draft[] = [{ type: 'ProductListed', actor: merchant(p.shopId), occurredAt: listed, data: p }];
    if (productSeedOf(p.productId)?.unshelved) {
      drafts.push({ type: 'ProductUnshelved', actor: merchant(p.shopId), occurredAt: at(-DAY_MS), data: { productId: p.productId } });
    }
    batches.push(batch(catalogStreams.product(p.productId), drafts));
  });

  const coupons = demoCoupons(now);
  for (const c of coupons) {
    const streamId = c.shopCouponId > 0 ? catalogStreams.shopCoupon(c.shopCouponId) : catalogStreams.coupon(c.couponId);
    batches.push(batch(streamId, [{ type: 'CouponIssued', actor: c.shopId > 0 ? merchant(c.shopId) : platform, occurredAt: at(-DAY_MS - HOUR_MS), data: c }]));
  }

  for (const p of demoPromotions(now)) {
    batches.push(batch(catalogStreams.promotion(p.kind, p.activityId), [
      { type: 'PromotionScheduled', actor: merchant(p.shopId), occurredAt: at(-2 * DAY_MS), data: p }]));
  }

  const published = at(-HOUR_MS);
  batches.push(canvas(1, 1, 0, 0, '首页', homeLayout(coupons), published));
  batches.push(canvas(CUSTOM_PAGES[0].canvasId, 2, 0, CUSTOM_PAGES[0].customId, CUSTOM_PAGES[0].name, winterPage(coupons), published));
  batches.push(canvas(CUSTOM_PAGES[1].canvasId, 2, 0, CUSTOM_PAGES[1].customId, CUSTOM_PAGES[1].name, freshFairPage(), published));
  for (const s of shopSeeds.filter((shop) => !shop.disabled)) {
    batches.push(canvas(shopCanvasId(s.shopId), 3, s.shopId, 0, `${s.shopName}首页`, shopLayout(s, coupons), published));
  }
  return batches;
}
