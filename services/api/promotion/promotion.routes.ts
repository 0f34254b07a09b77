/**
 * Layout activity blocks (origin-contract §9): platform pages `/canvas/getPlatformSeckills|getMinDiscount|getGroupWorks
 * ?ids`, shop pages `/renovation/getSeckills|getDiscounts|getGroupWorks?shopId&ids`. Public; ended activities are left
 * out, upcoming ones come with ifEnable 1. Without ids: every not-ended activity (of the shop).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { ok } from '../envelope';
import { IdList, PositiveId } from '../product/params';
import { discountBlocks, groupWorkBlocks, seckillBlocks, type BlockFilter } from './activity-blocks';
import { registerZoneRoutes } from './zone.routes';

const PlatformQuery = z.object({ ids: IdList.optional() });
const ShopQuery = z.object({ shopId: PositiveId, ids: IdList.optional() });

type Blocks = (db: Queryable, filter: BlockFilter, now: Date) => Promise<unknown[]>;

export function registerPromotionRoutes(app: FastifyInstance, db: Queryable, clock: () => Date): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const platform = (path: string, blocks: Blocks) =>
    r.get(path, { schema: { querystring: PlatformQuery } },
      async (request) => ok(await blocks(db, { ids: request.query.ids }, clock())));
  const shop = (path: string, blocks: Blocks) =>
    r.get(path, { schema: { querystring: ShopQuery } },
      async (request) => ok(await blocks(db, { ids: request.query.ids, shopId: request.query.shopId }, clock())));

  platform('/canvas/getPlatformSeckills', seckillBlocks);
  platform('/canvas/getMinDiscount', discountBlocks);
  platform('/canvas/getGroupWorks', groupWorkBlocks);
  shop('/renovation/getSeckills', seckillBlocks);
  shop('/renovation/getDiscounts', discountBlocks);
  shop('/renovation/getGroupWorks', groupWorkBlocks);
  registerZoneRoutes(app, db, clock);
}
