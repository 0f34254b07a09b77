/**
 * The cart slice's entry (issue 5 "cart + addresses"). Register with `registerCartApi(api, deps)` inside the /api plugin.
 *
 * For the checkout (settlement, submit):
 * - `readCart(db, userId, now)` → every line of the shopper's cart with current catalogue data, money in fen:
 *   `{skuId, productId, shopId, shopName, productName, image, values, skuText, priceFen, originalPriceFen, weightGrams,
 *   number, stock, onSale, selected}`; `selectedForCheckout(lines)` keeps the selected ones or throws the spec's
 *   DomainError (请至少选中一件商品 / 选中的商品中有下架商品 / 商品库存不足).
 * - `removeCheckedOutLines(deps, userId, skuIds, orderId)` after order `orderId` is placed: appends
 *   CartLinesCheckedOut on `cart-<userId>`, waits for the cart read model; idempotent per orderId. `deps` =
 *   `{store, waitFor, clock}` (the AppDeps fields of the same names). The count goes to `user:<id>` from the log
 *   (cart-push.ts).
 * Web: `/placeOrder?type=2&ifWork=0&shops=<JSON [{shopId, skus:[{skuId, number, selected:1}]}]>` is how the cart
 * page hands the selected lines to the checkout page.
 */
import type { FastifyInstance } from 'fastify';
import type { RealtimeHub } from '../../realtime/hub';
import { cartPushes } from './cart-push';
import { registerCartRoutes, type CartRouteDeps } from './cart.routes';

export { selectedForCheckout, type CheckoutCandidate } from '../../../domain/cart/cart.checkout';
export { removeCheckedOutLines, runCartCommand, cartChannel, type CartCommandDeps, type CartOutcome } from './cart.commands';
export { readCart, countCartLines, type CartLineView } from './cart.queries';
export { cartByShop } from './cart.view';

export type CartApiDeps = CartRouteDeps & { hub: RealtimeHub };

export function registerCartApi(api: FastifyInstance, deps: CartApiDeps): void {
  registerCartRoutes(api, deps);
  deps.hub.pushFrom(cartPushes(deps.store));
}
