/**
 * Browse calls (issue 4 "listings"): product and shop search, categories, shop pages and page layouts, all public.
 * Shapes: domain/catalog/browse.contract.ts. Reads the catalog read model (projections/catalog).
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
import { shopBanners, shopClassifies, shopIndex, shopProducts } from './shop.queries';

export function registerCatalogRoutes(app: FastifyInstance, db: Queryable): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/app/getSearchProducts', { schema: { querystring: SearchProductsQuery } },
    async (request) => ok(await searchProducts(db, request.query)));
  r.get('/shop/getShops', { schema: { querystring: SearchShopsQuery } },
    async (request) => ok(await searchShops(db, request.query)));

  r.get('/classify/getFirstClassify', { schema: { querystring: FirstClassifyQuery } },
    async (request) => ok(await firstClassifies(db, request.query.classifyId)));
  r.get('/canvas/getClassify', async () => ok(await canvasCategories(db)));
  r.get('/classify/getClaasifyProducts', { schema: { querystring: ClassifyProductsQuery } },
    async (request) => ok(await categoryProducts(db, request.query)));

  r.get('/shop/getIndex', { schema: { querystring: ShopQuery }, config: { auth: 'optional' } },
    async (request) => ok(await shopIndex(db, request.query.shopId, request.userId)));
  r.get('/shop/getShopClassify', { schema: { querystring: ShopQuery } },
    async (request) => ok(await shopClassifies(db, request.query.shopId)));
  r.get('/shop/getShopBanner', { schema: { querystring: ShopQuery } },
    async (request) => ok(await shopBanners(db, request.query.shopId)));
  r.get('/shop/getShopProducts', { schema: { querystring: ShopProductsQuery } },
    async (request) => ok(await shopProducts(db, request.query)));

  r.get('/canvas/getCanvas', { schema: { querystring: CanvasQuery } },
    async (request) => ok(await findCanvas(db, request.query)));
  r.get('/canvas/getProducts', { schema: { querystring: CanvasProductsQuery } },
    async (request) => ok(await canvasProducts(db, request.query)));
}
