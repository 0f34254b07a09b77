/**
 * Everything a submit decides before it touches a stream: the address (请选择您的收货地址), the goods (80002 for
 * goods gone, off the shelf or in a disabled shop; 商品库存不足 when the stock read model is already short), the
 * price of every line, the coupons re-validated in full (ownership, window, threshold, products, stacking, less than
 * the payable), the group to open or join, and the ids; the caps on unpaid orders and units (unpaid-order-limits.ts).
 * The shopper's address, wallet and unpaid orders come from `deps.shopper` (shopper-facts.ts): the read models, or
 * the streams while they lag this shopper's writes. Nothing is recorded when this fails.
 */
import { selectCoupons } from '../../domain/checkout/checkout-coupons';
import { failWhenActivitySoldOut, planCheckout } from '../../domain/checkout/checkout-plan';
import { priceCheckout } from '../../domain/checkout/checkout-pricing';
import type { CheckoutPlan, PlannedCollage } from '../../domain/checkout/checkout.events';
import type { PricedLine } from '../../domain/checkout/checkout-lines';
import { collageDecider } from '../../domain/group-buy/collage.decider';
import type { CollageEvent } from '../../domain/group-buy/collage.events';
import { hasRoom } from '../../domain/group-buy/collage.machine';
import { fold } from '../../domain/shared/decider';
import { DomainError, fail } from '../../domain/shared/errors';
import { toDomainEvent } from '../commands/command-events';
import type { CheckoutDeps } from './checkout.deps';
import { resolveGoods } from './checkout-goods';
import type { CheckoutRequest } from './checkout-request';
import { collageStream } from './checkout-steps';
import { invalidView, lineView } from './settlement-view';
import { couponChoiceOf, receiveFor } from './settlement.service';
import { failWhenHoarding } from './unpaid-order-limits';

async function headImageOf(deps: CheckoutDeps, userId: number): Promise<string> {
  const { rows } = await deps.db.query<{ head_image: string }>('select head_image from users where user_id = $1', [userId]);
  return rows[0]?.head_image ?? '';
}

async function collageStep(
  deps: CheckoutDeps, request: CheckoutRequest, userId: number, line: PricedLine,
): Promise<Omit<PlannedCollage, 'orderId'> | null> {
  if (request.type !== 1 && request.type !== 2) return null;
  const activity = line.activity ?? fail('activityEnded');
  const headImage = await headImageOf(deps, userId);
  const common = {
    shopGroupWorkId: activity.activityId, shopId: line.sku.shopId, productId: line.sku.productId, skuId: line.sku.skuId,
    size: Math.max(2, activity.person), effectiveHours: Math.max(1, activity.effectiveHours), headImage,
  };
  if (request.type === 1) return { mode: 'open', collageId: await deps.ids.collageId(), ...common };
  const collageId = request.collageId ?? fail('collageNotFound');
  const events = await deps.store.readStream(collageStream(collageId));
  const state = fold(collageDecider, events.map((e) => toDomainEvent<CollageEvent>(e)));
  const c = state.context;
  if (!c.collage || c.collage.shopGroupWorkId !== activity.activityId || c.collage.productId !== line.sku.productId) {
    return fail('collageNotFound');
  }
  if (c.members.some((m) => m.userId === userId)) fail('collageAlreadyJoined');
  if (!state.matches('forming') || !hasRoom(c)) fail('collageFull');
  return { mode: 'join', collageId, ...common, size: c.collage.size };
}

export async function planSubmit(deps: CheckoutDeps, userId: number, request: CheckoutRequest): Promise<CheckoutPlan> {
  const now = deps.clock();
  // the goods first: in a flash sale most buyers find it sold out here, before anything is read for them alone
  const goods = await resolveGoods(deps.catalog, request, now);
  const gone = goods.invalid.filter((l) => l.reason !== 'outOfStock');
  if (gone.length > 0) {
    throw new DomainError('invalidGoods', undefined, { shops: goods.priced.map(lineView), invalidShops: invalidView(gone, goods.shops) });
  }
  if (goods.invalid.length > 0) fail('outOfStock');
  failWhenActivitySoldOut(goods.priced);
  await failWhenHoarding(deps.shopper, userId, goods.priced, deps.unpaidOrderLimits);
  const receive = (await receiveFor(deps, userId, request.receiveId)) ?? fail('receiveNotFound');
  const wallet = await deps.shopper.wallet(userId);
  const { selection, used } = selectCoupons(wallet, goods.priced, couponChoiceOf(request, wallet), now);
  const settlement = priceCheckout(goods.priced, receive.receiveAdress, selection);
  const collage = await collageStep(deps, request, userId, goods.priced[0]);
  const orders = [];
  for (let i = 0; i < settlement.shops.length; i += 1) orders.push({ orderId: await deps.ids.orderId(), orderFormid: deps.ids.orderFormid() });
  const remarks = new Map(request.shops.map((s) => [s.shopId, (s.remark || request.remark).slice(0, 200)]));
  return planCheckout({
    type: request.type,
    userId,
    lines: goods.priced,
    settlement,
    claims: used,
    receive: {
      receiveName: receive.receiveName, receivePhone: receive.receivePhone, receiveAdress: receive.receiveAdress, address: receive.address,
    },
    remarks,
    ids: { orders, paymentId: deps.ids.paymentId(now) },
    collage,
  });
}
