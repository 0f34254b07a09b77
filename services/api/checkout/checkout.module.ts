/**
 * The checkout slice's entry (issue 5 "checkout"). Inside the /api plugin: `await registerCheckoutApi(api, deps)` —
 * the routes, the PaymentCallbackHandler (runtime.payments), the `close-unpaid-order` deadline handler
 * (runtime.scheduler), the `abandon-checkout` one (a checkout that neither completed nor failed by its deadline) and
 * the `order:<id>` channel policy (the shopper of the order's stream).
 *
 * Calls (all need a token; money in yuan; a refusal is `{code, message}` with HTTP 200):
 * - `POST /order/getSettlement {type, shops:[{shopId, id?, skus:[{skuId, number, selected}]}], ifWork, receiveId?,
 *   couponId?, shopSeckillId?, shopDiscountId?, shopGroupWorkId?, collageId?}` and `POST /work/getSettlement {type 1|2,
 *   shopId, productId, skuId, number, shopGroupWorkId, collageId?, receiveId?}` → `{receive, shops:[{shopId, shopName,
 *   shopLogo, shopAdress, number, total, distribution:{logisticsId, distributionName, distributionPrice}, shopCoupons,
 *   discountPrice, price, skus}], invalidShops: [], coupons, number, total, logisticsPrice, orderPrice, discountPrice,
 *   price}`. Coupons are `{id (claim id), couponId, shopCouponId, activityId, content, reduceMoney, fullMoney, discount,
 *   endTime, ifAdd, ids, …}`; chosen ones (couponId, shops[].id) are applied. 80002 carries `data.invalidShops`.
 * - `POST /order/submit` (header `Idempotency-Key`, one per checkout attempt, reused on retry) `{receiveId, paymentMode:1,
 *   type 0|1|2|3|4, couponId?, shops:[{shopId, id? (claim) | shopCouponId?, remark?, skus}], shopGroupWorkId?,
 *   collageId? (type 2), shopSeckillId? (3), shopDiscountId? (4), remark?}` → pay info `{money, orderId (the first
 *   order: one per shop), orderIds, collageId, url (`/api/pay/qr/<paymentId>`, the QR as SVG; '' when nothing to pay), codeUrl, paymentId}`.
 * - `PUT /order/pay {orderId, type}` (type 1: every unpaid order of that checkout; 2: this order) and
 *   `GET /order/getUrl?orderId` (this order) → the same pay info, a live QR reused or a new one.
 * - `GET /order/checkPay?orderId&type` → `{code: 'SUCCESS' | 'NOTPAY', orderId, state, paymentState}`; an order that
 *   closed unpaid answers 400001 订单状态已变更 (stop polling). Pushes on `order:<id>`: `{orderId, state,
 *   paymentState, code}` with the log position.
 *
 * For the orders slice: `releaseOrderResources(deps, orderId)` (services/checkout/release-order-resources.ts) or
 * `orderResourcesReleaser(deps)` → `(orderId) => Promise<void>`: what a closed order gives back (stock, activity
 * quotas, coupons, open QR). Read models: `sku_stock` (available stock per SKU; none before the first reservation:
 * use the catalogue's), `activity_sales` (sold per activity SKU), `coupon_uses` (claims in use), `payments`.
 * Here the checkout meets the slices it depends on: addresses (`findAddress`, `selectedAddress`: the read-model side
 * of the shopper's facts, services/checkout/shopper-facts.ts), the cart (`removeCheckedOutLines`) and the orders
 * slice's group leaving (`leaveCollage`). Settlement, submit and getOrderCoupons are `readYourWrites:
 * 'decide-on-streams'` routes: while the read models lag the shopper's writes they decide from the streams
 * (checkout-deps-for.ts).
 */
import type { FastifyInstance } from 'fastify';
import { cachedCatalogFacts, type CatalogFacts } from '../../checkout/catalog-facts';
import { createCheckoutIds } from '../../checkout/checkout-ids';
import type { ReadModelChanges } from '../../read-cache/read-model-cache';
import type { CheckoutDeps } from '../../checkout/checkout.deps';
import { abandonCheckoutHandler, resumeCheckout } from '../../checkout/resume-checkout';
import { resumePayment } from '../../checkout/resume-payment';
import { closeUnpaidOrderHandler } from '../../checkout/close-unpaid-order';
import { orderPushes, ownsOrder } from '../../checkout/order-push';
import type { RealtimeHub } from '../../realtime/hub';
import { paymentCallbackHandler, settlePayment } from '../../checkout/payment-callback';
import { releaseOrderResources, type ReleaseDeps } from '../../checkout/release-order-resources';
import { leaveCollage } from '../../orders/failed-collage';
import type { Scheduler } from '../../scheduler/scheduler';
import { findAddress, selectedAddress } from '../address/address.module';
import { removeCheckedOutLines } from '../cart/cart.module';
import { readModelShopperFacts } from '../../checkout/shopper-facts';
import { registerCheckoutRoutes } from './checkout.routes';
import { settlePendingRefunds } from '../../checkout/refunds';

/** What the app hands the checkout slice: the shared parts of CheckoutDeps (the slice makes the rest) and the scheduler. */
export type CheckoutApiDeps = Pick<CheckoutDeps, 'db' | 'store' | 'clock' | 'waitFor' | 'payments' | 'processes' | 'checkoutDeadlineMs' | 'unpaidOrderLimits'> & {
  hub: RealtimeHub;
  scheduler: Pick<Scheduler, 'registerDeadlineHandler'>;
  /** the projections' batch notices: goods facts are kept until a read model they come from changes */
  readModelChanges?: ReadModelChanges;
};

export function orderResourcesReleaser(deps: Omit<ReleaseDeps, 'log'> & { log?: (line: string) => void }) {
  const full: ReleaseDeps = { ...deps, log: deps.log ?? ((line) => console.warn(line)) };
  return async (orderId: number): Promise<void> => { await releaseOrderResources(full, orderId); };
}

export async function checkoutDepsOf(deps: CheckoutApiDeps, log: (line: string) => void, catalog: CatalogFacts): Promise<CheckoutDeps> {
  const { db, store, waitFor, clock } = deps;
  const release = orderResourcesReleaser({ db, store, clock, payments: deps.payments, log, processes: deps.processes });
  return {
    ...deps,
    ids: await createCheckoutIds(db),
    catalog,
    log,
    shopper: readModelShopperFacts(db, {
      find: (userId, receiveId) => findAddress(db, userId, receiveId),
      preferred: (userId) => selectedAddress(db, userId),
    }),
    cart: {
      async removeCheckedOut(userId, skuIds, orderId) {
        return (await removeCheckedOutLines({ store, waitFor, clock }, userId, skuIds, orderId)).changed;
      },
    },
    groups: {
      leaveUnpaid: (collageId, orderId) => leaveCollage({
        store, db, waitFor, clock, provider: deps.payments.provider, releaseOrderResources: release, log,
      }, collageId, orderId, 'unpaid-timeout'),
    },
  };
}

export async function registerCheckoutApi(api: FastifyInstance, deps: CheckoutApiDeps): Promise<void> {
  const catalog = cachedCatalogFacts(deps.db, deps.readModelChanges ?? null);
  api.addHook('onClose', async () => catalog.close());
  const checkout = await checkoutDepsOf(deps, (line) => api.log.warn(line), catalog);
  registerCheckoutRoutes(api, checkout);
  deps.payments.registerCallbackHandler(paymentCallbackHandler(checkout));
  deps.scheduler.registerDeadlineHandler('close-unpaid-order', closeUnpaidOrderHandler(checkout));
  deps.scheduler.registerDeadlineHandler('abandon-checkout', abandonCheckoutHandler(checkout));
  deps.processes.register('checkout', (streamId) => resumeCheckout(checkout, streamId));
  deps.processes.register('payment', (streamId) => resumePayment(checkout, streamId));
  deps.hub.allow('order', (userId, id) => userId !== null && ownsOrder(checkout, userId, id));
  deps.hub.pushFrom(orderPushes(deps.db));
}
