/**
 * Browse calls (issue 4 "listings"): product and shop search, categories, shop pages and page layouts, all public.
 * Shapes: domain/catalog/browse.contract.ts. Reads the catalog read model (projections/catalog); the answers are
 * kept until the catalog projection applies its next batch (read-cache/read-model-cache.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/database';
import { ok } from '../envelope';
import { findCanvas, canvasProducts } from './canvas.queries';
import {
  CanvasProductsQuery, CanvasQuery, ClassifyProductsQuery, FirstClassifyQuery, SearchProductsQuery, SearchShopsQuery,
  ShopProductsQuery, ShopQuery,
} from './catalog.params';
import { canvasCategories, categoryProducts, firstClassifies } from './category.queries';
import { searchProducts, searchShops } from './search.queries';
import { createReadModelCache, type ReadModelChanges } from '../../read-cache/read-model-cache';
import { shopBanners, shopClassifies, shopIndex, shopProducts } from './shop.queries';
import { noInput } from '../openapi/route-input';

export function registerCatalogRoutes(app: FastifyInstance, db: Queryable, changes: ReadModelChanges | null = null): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // every answer here is the catalog read model's alone (no shopper, no clock): kept until the catalog changes
  const answers = createReadModelCache<unknown>(changes, { dependsOn: ['catalog'] });
  app.addHook('onClose', async () => answers.close());
  const cached = <T>(route: string, query: unknown, read: () => Promise<T>): Promise<T> =>
    answers.get(`${route}?${JSON.stringify(query ?? null)}`, read) as Promise<T>;

  r.get('/app/getSearchProducts', { schema: { querystring: SearchProductsQuery } },
    async (request) => ok(await cached('products', request.query, () => searchProducts(db, request.query))));
  r.get('/shop/getShops', { schema: { querystring: SearchShopsQuery } },
    async (request) => ok(await cached('shops', request.query, () => searchShops(db, request.query))));

  r.get('/classify/getFirstClassify', { schema: { querystring: FirstClassifyQuery } },
    async (request) => ok(await cached('firstClassify', request.query, () => firstClassifies(db, request.query.classifyId))));
  r.get('/canvas/getClassify', { schema: noInput }, async () => ok(await cached('canvasClassify', null, () => canvasCategories(db))));
  r.get('/classify/getClaasifyProducts', { schema: { querystring: ClassifyProductsQuery } },
    async (request) => ok(await cached('classifyProducts', request.query, () => categoryProducts(db, request.query))));

  r.get('/shop/getIndex', { schema: { querystring: ShopQuery }, config: { auth: 'optional', owns: { none: 'a shop on sale' } } },
    async (request) => ok(await shopIndex(db, request.query.shopId, request.userId)));
  r.get('/shop/getShopClassify', { schema: { querystring: ShopQuery } },
    async (request) => ok(await cached('shopClassify', request.query, () => shopClassifies(db, request.query.shopId))));
  r.get('/shop/getShopBanner', { schema: { querystring: ShopQuery } },
    async (request) => ok(await cached('shopBanner', request.query, () => shopBanners(db, request.query.shopId))));
  r.get('/shop/getShopProducts', { schema: { querystring: ShopProductsQuery } },
    async (request) => ok(await cached('shopProducts', request.query, () => shopProducts(db, request.query))));

  r.get('/canvas/getCanvas', { schema: { querystring: CanvasQuery } },
    async (request) => ok(await cached('canvas', request.query, () => findCanvas(db, request.query))));
  r.get('/canvas/getProducts', { schema: { querystring: CanvasProductsQuery } },
    async (request) => ok(await cached('canvasProducts', request.query, () => canvasProducts(db, request.query))));
}
