/**
 * The detail slice's /api routes in one registration: product detail and options, coupons, favourites and layout
 * activity blocks. It meets two engagement calls here: review impression words and the browse-history recorder.
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

export interface DetailApiDeps { db: Database; store: EventStore; clock: () => Date; waitFor: WaitFor }

export async function registerDetailApi(api: FastifyInstance, deps: DetailApiDeps): Promise<void> {
  const { db, store, clock, waitFor } = deps;
  const [claimIds, collectIds] = [await createClaimIds(db), await createCollectIds(db)];
  registerProductRoutes(api, {
    db,
    clock,
    words: productWords,
    viewed: (userId, product, warn) => recordFootprint({ store, clock, warn }, userId, product),
  });
  registerCouponRoutes(api, { db, store, clock, waitFor, claimIds });
  registerCollectRoutes(api, { db, store, clock, waitFor, collectIds });
  registerPromotionRoutes(api, db, clock);
}
