/**
 * The reserving steps of a submit, in order, each an event on its own stream correlated with `checkout-<id>`:
 * the shopper's unpaid holdings (the caps on unpaid orders and units, decided on `unpaid-holdings-<userId>`) →
 * activity quotas → SKU stock (ascending sku id) → coupon claims → the collage (open or join) → one order per shop.
 * Every step has a deterministic command id, so a retried or resumed checkout answers from the streams. When a step
 * is refused, `giveBack` undoes the steps this run took (each step answers again from its stream when a resumed run
 * repeats it, so the record is whole), or every step of the plan when not told (releasing what was never taken
 * records nothing). `actor`: who gives back (the system when a deadline abandons the checkout; the shopper otherwise).
 */
import type { CheckoutPlan, CheckoutStarted } from '../../domain/checkout/checkout.events';
import { checkoutStream } from '../../domain/checkout/checkout.events';
import { couponUseDecider } from '../../domain/checkout/coupon-use.decider';
import { couponClaimStream } from '../../domain/checkout/coupon-use.events';
import { unpaidHoldingsDecider, type HoldLine } from '../../domain/checkout/unpaid-holdings.decider';
import { unpaidHoldingsStream } from '../../domain/checkout/unpaid-holdings.events';
import { collageDecider } from '../../domain/group-buy/collage.decider';
import { orderDecider } from '../../domain/order/order.decider';
import { DomainError } from '../../domain/shared/errors';
import { activityQuotaDecider } from '../../domain/stock/activity-quota.decider';
import { activityQuotaStream } from '../../domain/stock/activity-quota.events';
import { stockDecider } from '../../domain/stock/stock.decider';
import { skuStream } from '../../domain/stock/stock.events';
import type { Actor, RecordedEvent } from '../event-store/event-store.port';
import { withStreamLock } from '../commands/stream-lock';
import { untilNoConflict, type ConflictRetry } from '../commands/until-no-conflict';
import type { UnpaidOrderLimits } from '../config';
import { decideOn, processContext, shopperActor, type StepContext } from '../processes/process-step';
import { loadOrder, orderOf, orderStream, type LoadedOrder } from './order-stream';
import { isCapRefusal, releaseSettledHoldings, unpaidLimitsOf } from './unpaid-order-limits';

type Started = CheckoutStarted['data'];

export const collageStream = (collageId: number): string => `collage-${collageId}`;

const contextOf = (deps: Pick<StepContext, 'store' | 'clock'>, started: Started, actor?: Actor): StepContext =>
  processContext(deps, 'checkout', checkoutStream(started.checkoutId), actor ?? shopperActor(started.userId));

/** What the reserving steps need: the store, the clock, and the caps on unpaid holdings (default: services/config.ts). */
export type ReserveDeps = Pick<StepContext, 'store' | 'clock'> & { unpaidOrderLimits?: UnpaidOrderLimits };

/** The steps a run has taken, by name (`holdings`, `quota:…`, `stock:<skuId>`, `coupon:<claimId>`, `collage`). */
export type TakenSteps = Set<string>;

export interface Reserved {
  /** every event the steps recorded (for read-your-writes) */
  events: RecordedEvent[];
  /** the placed orders, in the plan's order */
  orders: LoadedOrder[];
}

/** The command id of a checkout's step `name` (`place:<orderId>`, `stock:<skuId>`, …). */
export const stepId = (started: Started, name: string): string => `${checkoutStream(started.checkoutId)}:${name}`;

/** Runs the reserving steps and places the orders (reserve, then placeOrders). */
export async function reserveAndPlace(
  deps: ReserveDeps, started: Started, taken: TakenSteps = new Set(),
): Promise<Reserved> {
  const reserved = await reserve(deps, started, taken);
  const placed = await placeOrders(deps, started);
  return { events: [...reserved, ...placed.events], orders: placed.orders };
}

/** The plan's orders as the holdings stream holds them: their lines, with each SKU's listed stock (for the share). */
const heldOrdersOf = (plan: CheckoutPlan): { orderId: number; lines: HoldLine[] }[] => plan.orders.map((o) => ({
  orderId: o.orderId,
  lines: plan.stock.filter((s) => s.orderId === o.orderId)
    .map((s) => ({ skuId: s.skuId, number: s.number, listedQuantity: s.listedQuantity })),
}));

/**
 * The steps before the orders, noting each step taken: the shopper's unpaid holdings first (a shopper over a cap is
 * refused before any shared stream is touched), then activity quotas and SKU stock (hot streams, group commit),
 * coupon claims, the collage. Answers the events they recorded.
 */
export async function reserve(
  deps: ReserveDeps, started: Started, taken: TakenSteps = new Set(),
): Promise<RecordedEvent[]> {
  const ctx = contextOf(deps, started);
  const { plan, userId, checkoutId } = started;
  const step = (name: string) => stepId(started, name);
  const out: RecordedEvent[] = [];
  const took = (name: string, events: readonly RecordedEvent[]) => {
    taken.add(name);
    out.push(...events);
  };
  // One shopper's racing submits queue here in this process (other processes meet on the stream's revision): the
  // read-model check (failWhenHoarding) let them all through, this step lets through only what fits the caps.
  const holdings = unpaidHoldingsStream(userId);
  const hold = () => decideOn(ctx, holdings, unpaidHoldingsDecider, {
    type: 'HoldUnpaid',
    data: { userId, checkoutId, orders: heldOrdersOf(plan), limits: unpaidLimitsOf(deps.unpaidOrderLimits) },
  }, step('holdings'));
  const held = await withStreamLock(holdings, async () => {
    try {
      return await hold();
    } catch (error) {
      // refused: orders paid without a release step (unpaid-order-limits.ts) may still take room; released, ask again
      if (!isCapRefusal(error) || (await releaseSettledHoldings(ctx, userId)) === 0) throw error;
      return hold();
    }
  });
  took('holdings', held.events);
  for (const q of plan.quotas) {
    const r = await decideOn(ctx, activityQuotaStream(q.kind, q.activityId), activityQuotaDecider, {
      type: 'ReserveActivityQuota',
      data: { kind: q.kind, activityId: q.activityId, reservationId: q.orderId, userId, lines: q.lines, limitNumber: q.limitNumber },
    }, step(`quota:${q.kind}:${q.activityId}:${q.orderId}`), { hot: true });
    took(`quota:${q.kind}:${q.activityId}:${q.orderId}`, r.events);
  }
  for (const s of [...plan.stock].sort((a, b) => a.skuId - b.skuId)) {
    const r = await decideOn(ctx, skuStream(s.skuId), stockDecider, {
      type: 'ReserveStock',
      data: { skuId: s.skuId, reservationId: s.orderId, userId, number: s.number, listedQuantity: s.listedQuantity },
    }, step(`stock:${s.skuId}`), { hot: true });
    took(`stock:${s.skuId}`, r.events);
  }
  for (const c of plan.coupons) {
    const r = await decideOn(ctx, couponClaimStream(c.claimId), couponUseDecider, {
      type: 'UseCoupon',
      data: {
        claimId: c.claimId, userId, couponId: c.couponId, shopCouponId: c.shopCouponId, checkoutId, orderIds: c.orderIds,
        reductionFen: c.reductionFen,
      },
    }, step(`coupon:${c.claimId}`));
    took(`coupon:${c.claimId}`, r.events);
  }
  if (plan.collage) {
    const g = plan.collage;
    const member = { userId, orderId: g.orderId, headImage: g.headImage };
    const r = g.mode === 'open'
      ? await decideOn(ctx, collageStream(g.collageId), collageDecider, {
        type: 'OpenCollage',
        data: {
          collageId: g.collageId, shopGroupWorkId: g.shopGroupWorkId, shopId: g.shopId, productId: g.productId,
          skuId: g.skuId, size: g.size, effectiveHours: g.effectiveHours, leader: member,
        },
      }, step('collage'))
      : await decideOn(ctx, collageStream(g.collageId), collageDecider, { type: 'JoinCollage', data: member }, step('collage'));
    took('collage', r.events);
  }
  return out;
}

/**
 * One order per shop, one step each. An order's id is new (the plan drew it), so its stream is known to be empty and
 * placing it needs no read; a resumed checkout finds the order placed and reads it.
 */
export async function placeOrders(deps: Pick<StepContext, 'store' | 'clock'>, started: Started): Promise<Reserved> {
  const ctx = contextOf(deps, started);
  const step = (name: string) => stepId(started, name);
  const out: RecordedEvent[] = [];
  const orders: LoadedOrder[] = [];
  for (const o of started.plan.orders) {
    const r = await decideOn(ctx, orderStream(o.orderId), orderDecider, { type: 'PlaceOrder', data: o.place },
      step(`place:${o.orderId}`), { known: [] });
    out.push(...r.events);
    const whole = !r.repeated && r.events[0]?.revision === 0;
    const order = whole ? orderOf(o.orderId, r.events) : await loadOrder(deps.store, o.orderId);
    if (!order) throw new Error(`order ${o.orderId} of ${ctx.correlationId} is not placed`);
    orders.push(order);
  }
  return { events: out, orders };
}

/**
 * A give-back on a hot stream (SKU stock, activity quota) races the buyers still reserving there, and in a flash sale
 * across instances it can lose more races than a command's conflict retries allow. Losing is never an answer for a
 * give-back — its units would stay held until the checkout's deadline and a later buyer would find them sold out —
 * so it asks again, with a growing pause that lets the burst pass, until recorded (its command id makes every try
 * the same release) or the attempts here run out; then the abandon-checkout deadline gives back what is left.
 */
const GIVE_BACK_RETRY: ConflictRetry = { attempts: 12, initialMs: 20, maxMs: 640 };
const untilRecorded = <T>(release: () => Promise<T>): Promise<T> => untilNoConflict(release, GIVE_BACK_RETRY);

/**
 * Gives back what the plan took: the steps `taken` names, or, when not told, every step of the plan (tolerant of
 * steps that never happened). A refused flash-sale buyer so costs no further turns on the hot streams.
 */
export async function giveBack(
  deps: Pick<StepContext, 'store' | 'clock'>, started: Started, taken?: TakenSteps, actor?: Actor,
): Promise<RecordedEvent[]> {
  const ctx = contextOf(deps, started, actor);
  const { checkoutId, userId } = started;
  const was = (name: string) => taken === undefined || taken.has(name);
  const plan = {
    collage: started.plan.collage && was('collage') ? started.plan.collage : null,
    coupons: started.plan.coupons.filter((c) => was(`coupon:${c.claimId}`)),
    stock: started.plan.stock.filter((s) => was(`stock:${s.skuId}`)),
    quotas: started.plan.quotas.filter((q) => was(`quota:${q.kind}:${q.activityId}:${q.orderId}`)),
    holdings: was('holdings') ? started.plan.orders.map((o) => o.orderId) : [],
  };
  const step = (name: string) => `${ctx.correlationId}:undo:${name}`;
  const out: RecordedEvent[] = [];
  if (plan.collage) {
    try {
      const r = await decideOn(ctx, collageStream(plan.collage.collageId), collageDecider, {
        type: 'LeaveCollage', data: { orderId: plan.collage.orderId, reason: 'cancelled' },
      }, step('collage'));
      out.push(...r.events);
    } catch (error) {
      // never opened or joined, or already settled: nothing to give back there
      if (!(error instanceof DomainError)) throw error;
    }
  }
  for (const c of plan.coupons) {
    const r = await decideOn(ctx, couponClaimStream(c.claimId), couponUseDecider,
      { type: 'ReleaseCouponForCheckout', data: { checkoutId } }, step(`coupon:${c.claimId}`));
    out.push(...r.events);
  }
  for (const s of plan.stock) {
    const r = await untilRecorded(() => decideOn(ctx, skuStream(s.skuId), stockDecider, {
      type: 'ReleaseStock', data: { skuId: s.skuId, reservationId: s.orderId, reason: 'checkout-failed' },
    }, step(`stock:${s.skuId}`), { hot: true }));
    out.push(...r.events);
  }
  for (const q of plan.quotas) {
    const r = await untilRecorded(() => decideOn(ctx, activityQuotaStream(q.kind, q.activityId), activityQuotaDecider,
      { type: 'ReleaseActivityQuota', data: { reservationId: q.orderId, reason: 'checkout-failed' } },
      step(`quota:${q.kind}:${q.activityId}:${q.orderId}`), { hot: true }));
    out.push(...r.events);
  }
  for (const orderId of plan.holdings) {
    const r = await untilRecorded(() => decideOn(ctx, unpaidHoldingsStream(userId), unpaidHoldingsDecider,
      { type: 'ReleaseUnpaid', data: { userId, orderId, reason: 'checkout-failed' } }, step(`holdings:${orderId}`)));
    out.push(...r.events);
  }
  return out;
}
