import { z } from 'zod';
import { PlaceOrder } from '../order/order.commands';
import { PromotionKind } from '../stock/activity-quota.events';

/**
 * The checkout process (stream `checkout-<checkoutId>`, one per submit attempt: the id is derived from the shopper and
 * the Idempotency-Key). CheckoutStarted records the whole priced plan — ids, orders with their per-line allocation,
 * reservations, coupons, collage, payment — so that a retry or a resume after a crash runs the very same steps (each
 * one idempotent on its own stream, correlated by this stream id), and an auditor reads what was decided and why.
 * It ends with CheckoutCompleted (the pay info) or CheckoutFailed (after every reservation was given back), or — when
 * neither came by its `deadline` (a crash between reserving and placing) — CheckoutAbandoned, after the
 * `abandon-checkout` deadline gave back everything it reserved. The stream also names every payment made for its
 * orders (the plan's `paymentId`, then each CheckoutPaymentRequested), so pay / getUrl find the live QR here and never
 * in a read model that may lag.
 */
const Id = z.number().int().positive();
const Fen = z.number().int().nonnegative();

export const PlannedOrder = z.object({ orderId: Id, shopId: Id, place: PlaceOrder.shape.data, payable: Fen });
export type PlannedOrder = z.infer<typeof PlannedOrder>;

export const PlannedStock = z.object({ skuId: Id, orderId: Id, number: z.number().int().positive(), listedQuantity: z.number().int() });
export type PlannedStock = z.infer<typeof PlannedStock>;

/** One order's lines in one activity: a single reservation on the activity's quota stream. */
export const PlannedQuota = z.object({
  kind: PromotionKind, activityId: Id, orderId: Id,
  lines: z.array(z.object({ skuId: Id, number: z.number().int().positive(), limitStock: z.number().int().nonnegative() })).min(1),
  limitNumber: z.number().int().nonnegative(),
});
export type PlannedQuota = z.infer<typeof PlannedQuota>;

export const PlannedCoupon = z.object({
  claimId: Id, couponId: z.number().int().nonnegative(), shopCouponId: z.number().int().nonnegative(),
  orderIds: z.array(Id).min(1), reductionFen: Fen,
});
export type PlannedCoupon = z.infer<typeof PlannedCoupon>;

export const PlannedCollage = z.object({
  mode: z.enum(['open', 'join']),
  collageId: Id,
  orderId: Id,
  shopGroupWorkId: Id,
  shopId: Id,
  productId: Id,
  skuId: Id,
  size: z.number().int().min(2),
  effectiveHours: z.number().positive(),
  headImage: z.string(),
});
export type PlannedCollage = z.infer<typeof PlannedCollage>;

export const CheckoutPlan = z.object({
  /** submit type: 0 normal, 1 open a group, 2 join a group, 3 flash sale, 4 timed discount */
  type: z.number().int().min(0).max(4),
  orders: z.array(PlannedOrder).min(1),
  stock: z.array(PlannedStock),
  quotas: z.array(PlannedQuota),
  coupons: z.array(PlannedCoupon),
  collage: PlannedCollage.nullable(),
  /** null when the checkout costs nothing: its orders are marked paid by the system */
  paymentId: z.string().nullable(),
  money: Fen,
  /** the sku ids that came from the cart (selected 1): removed from it once the orders are placed */
  cartSkuIds: z.array(Id),
});
export type CheckoutPlan = z.infer<typeof CheckoutPlan>;

export const CheckoutStarted = z.object({
  type: z.literal('CheckoutStarted'),
  data: z.object({
    checkoutId: Id, userId: Id, requestHash: z.string().min(1), plan: CheckoutPlan, startedAt: z.string(),
    /** when a checkout still neither completed nor failed is given up (absent in events recorded before it existed) */
    deadline: z.string().optional(),
  }),
});
export type CheckoutStarted = z.infer<typeof CheckoutStarted>;

export const CheckoutCompleted = z.object({
  type: z.literal('CheckoutCompleted'),
  data: z.object({
    orderIds: z.array(Id).min(1),
    paymentId: z.string().nullable(),
    money: Fen,
    collageId: z.number().int().nonnegative(),
    codeUrl: z.string(),
    completedAt: z.string(),
  }),
});
export type CheckoutCompleted = z.infer<typeof CheckoutCompleted>;

export const CheckoutFailed = z.object({
  type: z.literal('CheckoutFailed'),
  data: z.object({ errorName: z.string(), code: z.string(), message: z.string(), failedAt: z.string() }),
});
export type CheckoutFailed = z.infer<typeof CheckoutFailed>;

/**
 * The checkout is committed to placing its orders (DESIGN.md §4, the process's fence): recorded before the orders, or
 * in one append with them. From here it only goes forward — a give-back (failed, abandoned) is refused — and before
 * it nothing may be placed, so a driver that compensates (recording CheckoutFailed or CheckoutAbandoned first) and a
 * driver that goes forward can never both win. Streams recorded before it existed complete without it.
 */
export const CheckoutCommitted = z.object({
  type: z.literal('CheckoutCommitted'),
  data: z.object({ orderIds: z.array(Id).min(1), committedAt: z.string() }),
});
export type CheckoutCommitted = z.infer<typeof CheckoutCommitted>;

/** A new QR for some of the checkout's orders (the previous one expired, was closed, or covered other orders). */
export const CheckoutPaymentRequested = z.object({
  type: z.literal('CheckoutPaymentRequested'),
  data: z.object({ paymentId: z.string().min(1), orderIds: z.array(Id).min(1), requestedAt: z.string() }),
});
export type CheckoutPaymentRequested = z.infer<typeof CheckoutPaymentRequested>;

/**
 * Given up at its deadline, before anything was committed: recorded first (the fence), then what it may have reserved
 * is given back (each release an event on its own stream; the resumer finishes a give-back a crash cut short).
 */
export const CheckoutAbandoned = z.object({
  type: z.literal('CheckoutAbandoned'),
  data: z.object({ reason: z.literal('deadline'), abandonedAt: z.string() }),
});
export type CheckoutAbandoned = z.infer<typeof CheckoutAbandoned>;

export const CheckoutEvent = z.discriminatedUnion('type', [
  CheckoutStarted, CheckoutCommitted, CheckoutCompleted, CheckoutFailed, CheckoutPaymentRequested, CheckoutAbandoned,
]);
export type CheckoutEvent = z.infer<typeof CheckoutEvent>;
export const checkoutEventTypes: readonly CheckoutEvent['type'][] = CheckoutEvent.options.map((o) => o.shape.type.value);

export const checkoutStream = (checkoutId: number): string => `checkout-${checkoutId}`;

/** How long a started checkout may take before its deadline gives it up (CHECKOUT_DEADLINE_MS overrides). */
export const CHECKOUT_DEADLINE_MS = 2 * 60_000;
