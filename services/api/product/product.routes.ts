/**
 * `/product/getById?shopId&productId&skuId` (all three required, optional auth) and `/product/getProducts?productId
 * [&skuId]` (spec §7 "Product detail", origin-contract §3). `terminal`, `system` and `city` are accepted and unused.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { ok } from '../envelope';
import { PositiveId } from './params';
import { productDetail, productOptions, type DetailSources } from './product-detail';

type Warn = (message: string, error: unknown) => void;

export interface ProductRouteDeps {
  db: Queryable;
  clock: () => Date;
  /** Where detail and options read from (cached by the detail module). */
  sources: DetailSources;
  /** Told of a signed-in shopper's detail view (browse history); not awaited, never fails the page. */
  viewed?: (userId: number, product: { productId: number; shopId: number; skuId: number }, warn: Warn) => Promise<unknown>;
}

const DetailQuery = z.object({
  shopId: PositiveId,
  productId: PositiveId,
  skuId: PositiveId,
  terminal: z.string().max(10).optional(),
  system: z.string().max(10).optional(),
  city: z.string().max(50).optional(),
});
const OptionsQuery = z.object({ productId: PositiveId, skuId: PositiveId.optional(), shopId: PositiveId.optional() });

export function registerProductRoutes(app: FastifyInstance, deps: ProductRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;

  r.get('/product/getById', { schema: { querystring: DetailQuery }, config: { auth: 'optional', owns: { none: 'products on sale' } } }, async (request) => {
    const detail = await productDetail(db, request.query, request.userId, clock(), deps.sources);
    if (request.userId !== null && deps.viewed) {
      const warn: Warn = (message, error) => request.log.warn({ err: error }, message);
      const { productId, shopId, skuId } = detail;
      void deps.viewed(request.userId, { productId, shopId, skuId }, warn).catch((error: unknown) => warn('footprint not recorded', error));
    }
    return ok(detail);
  });

  r.get('/product/getProducts', { schema: { querystring: OptionsQuery }, config: { auth: 'optional', owns: { none: 'products on sale' } } },
    async (request) => ok(await productOptions(request.query.productId, request.query.skuId, clock(), deps.sources)));
}
