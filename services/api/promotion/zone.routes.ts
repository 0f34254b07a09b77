/**
 * Promotion zones (spec §7 Promotions, origin-contract §8): `/seckill/getIndex?shopSeckillId`,
 * `/discount/getIndex?shopDiscountId`, `/work/getIndex?shopGroupWorkId`, each with shopId?, classifyId?, type?,
 * volume?, page, pageSize (12). Public; a signed-in shopper also gets the cart count. Malformed values answer 400
 * naming the field; an unknown, ended or other shop's activity answers 81006.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { countCartLines } from '../cart/cart.queries';
import { OptionalId, Sort } from '../catalog/catalog.params';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import type { PromotionKind } from './activity';
import { zoneOf } from './zones';

const ZoneBase = PageQuery(12).extend({ shopId: OptionalId, classifyId: OptionalId, ...Sort });

const zones: Array<{ path: string; kind: PromotionKind; idField: 'shopSeckillId' | 'shopDiscountId' | 'shopGroupWorkId' }> = [
  { path: '/seckill/getIndex', kind: 'seckill', idField: 'shopSeckillId' },
  { path: '/discount/getIndex', kind: 'discount', idField: 'shopDiscountId' },
  { path: '/work/getIndex', kind: 'group-work', idField: 'shopGroupWorkId' },
];

export function registerZoneRoutes(app: FastifyInstance, db: Queryable, clock: () => Date): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const { path, kind, idField } of zones) {
    const Query = ZoneBase.extend({ [idField]: OptionalId });
    r.get(path, { schema: { querystring: Query }, config: { auth: 'optional', owns: { none: 'activities on sale' } } }, async (request) => {
      const q = request.query as z.infer<typeof ZoneBase> & Partial<Record<typeof idField, number>>;
      const cartLines = request.userId === null ? 0 : await countCartLines(db, request.userId);
      return ok(await zoneOf(db, kind, { ...q, activityId: q[idField] }, clock(), cartLines));
    });
  }
}
