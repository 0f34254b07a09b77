/** The demo catalogue planned at a fixed moment, with lookups the seed suites share. */
import type { CanvasPublished, CouponIssued, ProductListed, PromotionScheduled } from '../../../domain/catalog/catalog.events';
import { planCatalog } from '../../../services/ops/seed/catalog/catalog-plan';
import type { Component } from '../../../services/ops/seed/catalog/layout-parts';

export const NOW = new Date('2025-12-01T04:30:27.000Z');
export const plan = planCatalog(NOW);
export const allEvents = plan.flatMap((batch) => batch.events.map((event) => ({ ...event, streamId: batch.streamId })));

export const dataOf = <T>(type: string): T[] => allEvents.filter((e) => e.type === type).map((e) => e.data as T);

export const products = dataOf<ProductListed>('ProductListed');
export const coupons = dataOf<CouponIssued>('CouponIssued');
export const promotions = dataOf<PromotionScheduled>('PromotionScheduled');
export const canvases = dataOf<CanvasPublished>('CanvasPublished').map((c) => ({ ...c, components: JSON.parse(c.json) as Component[] }));

export const unshelvedIds = new Set(dataOf<{ productId: number }>('ProductUnshelved').map((e) => e.productId));
export const disabledShopIds = new Set(dataOf<{ shopId: number }>('ShopDisabled').map((e) => e.shopId));
export const onSale = (p: ProductListed): boolean => !unshelvedIds.has(p.productId) && !disabledShopIds.has(p.shopId);

/** Every `/api/images/...` URL anywhere in the planned events (HTML attributes unescaped). */
export const imageUrls = (): string[] =>
  [...new Set([...JSON.stringify(plan).matchAll(/\/api\/images\/[^"\\\s]+/g)].map((m) => m[0].replace(/&amp;/g, '&')))];
