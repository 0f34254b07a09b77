/**
 * Favourites (spec §4 "Shop collect", §7): `POST /collect/collect {shopId | productId}` → 收藏成功 (a shop answers
 * its refreshed figures), `PUT /collect/cancel {ids}` → 取消成功 (an id not held answers 收藏不存在, nothing cancelled),
 * and the 我的收藏 lists `GET /collect/getAllProduct|getAllShop {page, pageSize 10, search}`. Both wait for the collects read model, so the next
 * screen already shows ifCollect. Collecting twice answers the existing collectId.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collectDecider, findCollect, type CollectCommand } from '../../../domain/collect/collect.decider';
import { collectStream } from '../../../domain/collect/collect.events';
import { DomainError } from '../../../domain/shared/errors';
import type { WaitFor } from '../../../projections/runner/wait-for';
import { handleCommand } from '../../commands/handle-command';
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { OptionalId, PositiveId } from '../product/params';
import type { CollectIds } from './collect-ids';
import { productTarget, shopFigures } from './collect.queries';
import { listFavouriteProducts, listFavouriteShops } from './favourites.queries';
import { PageQuery } from '../paging';

export interface CollectRouteDeps {
  db: Queryable;
  store: EventStore;
  clock: () => Date;
  waitFor: WaitFor;
  collectIds: CollectIds;
}

const CollectBody = z.object({ shopId: OptionalId, productId: OptionalId })
  .refine((b) => Boolean(b.shopId) !== Boolean(b.productId), { message: '请选择要收藏的店铺或商品', path: ['shopId'] });

const CancelBody = z.object({
  ids: z.array(PositiveId, { error: '请先选择需要取消的收藏' }).min(1, '请先选择需要取消的收藏').max(100),
});

const FavouritesQuery = PageQuery(10).extend({
  search: z.string().trim().max(50, '参数 search 过长').default(''),
});

export function registerCollectRoutes(app: FastifyInstance, deps: CollectRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;

  r.get('/collect/getAllProduct', { schema: { querystring: FavouritesQuery }, config: { auth: 'required' } }, async (request) => {
    const { search, page, pageSize } = request.query;
    return ok(await listFavouriteProducts(db, currentUser(request), search, page, pageSize));
  });

  r.get('/collect/getAllShop', { schema: { querystring: FavouritesQuery }, config: { auth: 'required' } }, async (request) => {
    const { search, page, pageSize } = request.query;
    return ok(await listFavouriteShops(db, currentUser(request), search, page, pageSize));
  });

  const run = async (userId: number, command: CollectCommand) => {
    const result = await handleCommand({
      store: deps.store, streamId: collectStream(userId), decider: collectDecider, command, now: clock(),
      actor: { kind: 'user', id: String(userId) }, retryOnConflict: true,
    });
    if (result.events.length > 0) await deps.waitFor(result, { projections: ['collects'] });
    return result.state;
  };

  r.post('/collect/collect', { schema: { body: CollectBody }, config: { auth: 'required', owns: { none: 'collects a product or shop on sale' } } }, async (request) => {
    const userId = currentUser(request);
    const { shopId, productId } = request.body;
    if (productId) {
      const product = await productTarget(db, productId);
      if (!product) throw new DomainError('detailProductNotFound');
      if (!product.listed) throw new DomainError('detailProductUnshelved');
      const state = await run(userId, {
        type: 'CollectProduct', data: { userId, productId, shopId: product.shopId, collectId: await deps.collectIds() },
      });
      return ok({ collectId: findCollect(state, { productId })?.collectId ?? 0 }, '收藏成功');
    }
    const wanted = shopId as number;
    const shop = await shopFigures(db, wanted);
    if (!shop) throw new DomainError('collectShopNotFound');
    if (!shop.enabled) throw new DomainError('detailShopDisabled');
    const state = await run(userId, { type: 'CollectShop', data: { userId, shopId: wanted, collectId: await deps.collectIds() } });
    return ok({
      collectId: findCollect(state, { shopId: wanted })?.collectId ?? 0,
      classifyNumber: shop.classifyNumber,
      number: shop.number,
      shopLogo: shop.shopLogo,
    }, '收藏成功');
  });

  const cancel = async (userId: number, ids: number[]) => {
    await run(userId, { type: 'CancelCollects', data: { userId, ids } });
    return ok(null, '取消成功');
  };
  r.put('/collect/cancel', { schema: { body: CancelBody }, config: { auth: 'required', owns: 'collect' } },
    async (request) => cancel(currentUser(request), request.body.ids));
  r.post('/collect/cancel', { schema: { body: CancelBody }, config: { auth: 'required', owns: 'collect' } },
    async (request) => cancel(currentUser(request), request.body.ids));
}
