/**
 * `/api/cart/*` (spec §7 Cart, origin §4), all behind a token. Writes answer `{cartNumber}` once the cart read model
 * has them and the count was pushed on `user:<id>`; the original API's alternative methods are accepted too.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SkuAvailability } from '../../../domain/cart/cart.decider';
import { CartDeleteSelected, CartQuantityChange } from '../../../domain/rules/cart.rule';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { linesToBuyAgain } from './buy-again';
import { runCartCommand, type CartCommandDeps } from './cart.commands';
import { isInvalidLine, readCart, skuFacts } from './cart.queries';
import { cartByShop } from './cart.view';
import { noInput } from '../openapi/route-input';

export interface CartRouteDeps extends CartCommandDeps { db: Queryable }

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** 1/0 as the original client sends it, or a boolean. */
const Flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

const SelectedBody = z.object({
  shopCarts: z.array(z.object({
    shopId: Id,
    selected: Flag.nullish(),
    skus: z.array(z.object({ skuId: Id, selected: Flag })).max(500).default([]),
  })).max(200),
});
const BuyAgainBody = z.object({ orderId: Id });

const auth = { auth: 'required' } as const;

/** Cart routes name catalogue SKUs (or none) and act on the caller's own cart only. */
const IN_OWN_CART = { none: "catalogue SKU ids, in the caller's own cart" };

export function registerCartRoutes(app: FastifyInstance, deps: CartRouteDeps): void {
  const { db, store, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const unavailableLines = async (userId: number) => (await readCart(db, userId, clock())).filter(isInvalidLine).map((line) => line.skuId);

  r.get('/cart/getCart', { schema: noInput, config: auth }, async (request) => ok(cartByShop(await readCart(db, currentUser(request), clock()))));

  r.post('/cart/addCart', { schema: { body: CartQuantityChange }, config: { ...auth, owns: IN_OWN_CART } }, async (request) => {
    const userId = currentUser(request);
    const sku = (await skuFacts(db, [request.body.skuId], clock())).get(request.body.skuId);
    if (!sku) throw new DomainError('detailSkuNotFound');
    const { cartNumber } = await runCartCommand(deps, userId, { type: 'AddToCart', data: { userId, sku, number: request.body.number } });
    return ok({ cartNumber }, '添加成功');
  });

  r.route({
    method: ['PUT', 'POST'], url: '/cart/updateNumber', schema: { body: CartQuantityChange }, config: { ...auth, owns: IN_OWN_CART },
    handler: async (request) => {
      const userId = currentUser(request);
      const { skuId, number } = request.body;
      const sku: SkuAvailability = (await skuFacts(db, [skuId], clock())).get(skuId) ?? { skuId, onSale: false, stock: 0 };
      const { cartNumber } = await runCartCommand(deps, userId, { type: 'ChangeLineNumber', data: { userId, sku, number } });
      return ok({ cartNumber }, '修改成功');
    },
  });

  r.route({
    method: ['PUT', 'POST'], url: '/cart/selected', schema: { body: SelectedBody }, config: { ...auth, owns: IN_OWN_CART },
    handler: async (request) => {
      const userId = currentUser(request);
      const shops = request.body.shopCarts.map(({ shopId, selected, skus }) => ({ shopId, selected: selected ?? undefined, skus }));
      const command = { type: 'SelectLines', data: { userId, shops, unavailable: await unavailableLines(userId) } } as const;
      const { cartNumber } = await runCartCommand(deps, userId, command);
      return ok({ cartNumber });
    },
  });

  r.route({
    method: ['DELETE', 'POST'], url: '/cart/delete', schema: { body: CartDeleteSelected }, config: { ...auth, owns: IN_OWN_CART },
    handler: async (request) => {
      const userId = currentUser(request);
      const { cartNumber } = await runCartCommand(deps, userId, { type: 'RemoveLines', data: { userId, skuIds: request.body.ids } });
      return ok({ cartNumber }, '删除成功');
    },
  });

  r.route({
    method: ['DELETE', 'POST'], url: '/cart/deleteAll', schema: noInput, config: { ...auth, owns: IN_OWN_CART },
    handler: async (request) => {
      const userId = currentUser(request);
      const { cartNumber } = await runCartCommand(deps, userId, { type: 'ClearCart', data: { userId } });
      return ok({ cartNumber }, '删除成功');
    },
  });

  r.route({
    method: ['GET', 'DELETE', 'POST'], url: '/cart/clearInvalidSku', schema: noInput, config: { ...auth, owns: IN_OWN_CART },
    handler: async (request) => {
      const userId = currentUser(request);
      const invalid = await unavailableLines(userId);
      const { cartNumber } = await runCartCommand(deps, userId, { type: 'ClearInvalidLines', data: { userId, invalid } });
      return ok({ cartNumber }, '删除成功');
    },
  });

  r.route({
    method: ['PUT', 'POST'], url: '/cart/buyAgain', schema: { body: BuyAgainBody }, config: { ...auth, owns: 'order' },
    handler: async (request) => {
      const userId = currentUser(request);
      const { orderId } = request.body;
      const ordered = await linesToBuyAgain(store, userId, orderId, clock());
      const facts = await skuFacts(db, ordered.map((line) => line.skuId), clock());
      const lines = ordered.flatMap(({ skuId, number }) => {
        const sku = facts.get(skuId);
        return sku ? [{ sku, number }] : [];
      });
      const { cartNumber } = await runCartCommand(deps, userId, { type: 'BuyAgain', data: { userId, orderId, lines } });
      return ok({ cartNumber }, '添加成功');
    },
  });
}
