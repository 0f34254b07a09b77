/**
 * The detail slice's /api routes in one registration: product detail and options, coupons, favourites and layout
 * activity blocks. It meets two engagement calls here: review impression words and the browse-history recorder.
 * A product's shopper-independent facts are cached until the catalog, stock or comments read models change.
 */
import type { FastifyInstance } from 'fastify';
import type { WaitFor } from '../../../projections/runner/wait-for';
import type { Database } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { registerCollectRoutes } from '../collect/collect.routes';
import { createCollectIds } from '../collect/collect-ids';
import { productWords } from '../comment/comment.queries';
import { createClaimIds } from '../coupon/claim-ids';
import { registerCouponRoutes } from '../coupon/coupon.routes';
import { recordFootprint } from '../footprint/record-footprint';
import { registerPromotionRoutes } from '../promotion/promotion.routes';
import { registerProductRoutes } from './product.routes';
import { PRODUCT_FACTS_READ_MODELS, readDetailSources, type DetailSources, type ProductFacts } from './product-detail';
import type { FormingCollage } from './forming-collages';
import type { PromotionItem } from '../promotion/activity';
import type { CouponRow } from '../coupon/coupon.queries';
import { createReadModelCache, type ReadModelChanges } from '../../read-cache/read-model-cache';
import type { RealtimeHub } from '../../realtime/hub';
import { anyoneMayFollowStock, skuPushes } from './sku-push';

export interface DetailApiDeps {
  db: Database; store: EventStore; clock: () => Date; waitFor: WaitFor; readModelChanges?: ReadModelChanges; hub: RealtimeHub;
}

/**
 * Detail's reads kept per product until the read models they come from apply a batch: the facts (catalog, stock,
 * comments), promotion items (promotions), the coupons offered to a visitor (coupons; a signed-in shopper's claim
 * state is read fresh) and the forming groups (orders, users).
 */
function cachedDetailSources(api: FastifyInstance, read: DetailSources, changes: ReadModelChanges | null): DetailSources {
  const facts = createReadModelCache<ProductFacts | null>(changes, { dependsOn: PRODUCT_FACTS_READ_MODELS });
  const items = createReadModelCache<PromotionItem[]>(changes, { dependsOn: ['promotions', 'stock'] });
  const coupons = createReadModelCache<CouponRow[]>(changes, { dependsOn: ['coupons'] });
  const collages = createReadModelCache<FormingCollage[]>(changes, { dependsOn: ['orders', 'users'] });
  api.addHook('onClose', async () => [facts, items, coupons, collages].forEach((cache) => cache.close()));
  return {
    facts: (productId) => facts.get(String(productId), () => read.facts(productId)),
    items: (productId) => items.get(String(productId), () => read.items(productId)),
    coupons: (product, userId, now) => (userId === null
      ? coupons.get(`${product.productId}:${product.shopId}`, () => read.coupons(product, null, now))
      : read.coupons(product, userId, now)),
    collages: (productId) => collages.get(String(productId), () => read.collages(productId)),
  };
}

export async function registerDetailApi(api: FastifyInstance, deps: DetailApiDeps): Promise<void> {
  const { db, store, clock, waitFor } = deps;
  const [claimIds, collectIds] = [await createClaimIds(db), await createCollectIds(db)];
  registerProductRoutes(api, {
    db,
    clock,
    sources: cachedDetailSources(api, readDetailSources(db, productWords), deps.readModelChanges ?? null),
    viewed: (userId, product, warn) => recordFootprint({ store, clock, warn }, userId, product),
  });
  registerCouponRoutes(api, { db, store, clock, waitFor, claimIds });
  registerCollectRoutes(api, { db, store, clock, waitFor, collectIds });
  registerPromotionRoutes(api, db, clock);
  deps.hub.allow('sku', anyoneMayFollowStock);
  deps.hub.pushFrom(skuPushes(db));
}
