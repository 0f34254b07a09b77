/**
 * `POST /order/submit`, idempotent per (shopper, Idempotency-Key): the first request plans (submit-plan.ts) and
 * records CheckoutStarted on `checkout-<id>`; every step then runs under deterministic command ids (checkout-steps.ts);
 * a refused step gives everything back and records CheckoutFailed; success records CheckoutCompleted with the pay info.
 * The same key again — a double click, a retry, a second process — answers from that stream: the same pay info, the
 * same refusal, or (after a crash mid-way) the same steps resumed. A different body under a used key is 00001 重复请求.
 * Without the header every request is its own attempt.
 *
 * After the orders are placed: orders that cost nothing are paid by the system (pay-orders.ts, paymentId
 * `free-<orderId>`: origin refused them with "缺少支付参数", a bug its changelog fixed), one payment is created for the
 * rest, and the checked-out lines leave the cart. The answer's `orderId` is the first order's (one per shop, in the
 * request's shop order); `orderIds` lists them all. `/order/checkPay` and `/order/pay` with type 1 accept it.
 */
import { randomUUID } from 'node:crypto';
import { checkoutDecider, type CheckoutCommand, type CheckoutState } from '../../domain/checkout/checkout.decider';
import { orderDecider } from '../../domain/order/order.decider';
import type { OrderPlaced } from '../../domain/order/order.events';
import { paymentDecider, type PaymentState } from '../../domain/payment/payment.decider';
import { CHECKOUT_DEADLINE_MS, checkoutStream, type CheckoutStarted } from '../../domain/checkout/checkout.events';
import { DomainError, Errors, type ErrorName } from '../../domain/shared/errors';
import { withStreamLock } from '../commands/stream-lock';
import type { RecordedEvent } from '../event-store/event-store.port';
import { checkoutIdOf, requestHashOf } from './checkout-ids';
import type { CheckoutDeps } from './checkout.deps';
import type { CheckoutRequest } from './checkout-request';
import { giveBack, placeOrders, reserve, stepId, type TakenSteps } from './checkout-steps';
import { isConflict } from '../commands/until-no-conflict';
import { crossedBoundary } from '../processes/append-boundaries';
import { decideOn, processContext, shopperActor, streamAfter, type StepContext } from '../processes/process-step';
import { orderOf, orderStream, type LoadedOrder } from './order-stream';
import { appendDecided, decideStep, type DecidedStep } from '../processes/process-together';
import { checkoutStateOf } from './checkout-stream';
import { payOrders } from './pay-orders';
import {
  createPaymentId, payInfoOf, paymentAtProvider, paymentStream, startPayment, type PayableOrder, type PayInfo,
} from './payment-service';
import { planSubmit } from './submit-plan';

type Started = CheckoutStarted['data'];

/**
 * What the screen after a submit reads (DESIGN.md §6 read-your-writes): the pay dialog's QR image (`payments`), the
 * order lists its close and its success lead to, and the header's cart. The stock, deadline, review and sales read
 * models the same events feed follow on their own; nothing the shopper sees next reads them.
 */
const NEXT_SCREEN_READ_MODELS = ['checkout', 'orders', 'cart'];

const isErrorName = (name: string): name is ErrorName => name in Errors;

export async function submitCheckout(
  deps: CheckoutDeps, userId: number, request: CheckoutRequest, idempotencyKey: string | null,
): Promise<PayInfo> {
  const checkoutId = checkoutIdOf(userId, idempotencyKey ?? randomUUID());
  const streamId = checkoutStream(checkoutId);
  const requestHash = requestHashOf(request);
  const ctx = processContext(deps, 'checkout', streamId, shopperActor(userId));
  return withStreamLock(`process:${streamId}`, async () => {
    let stream = await deps.store.readStream(streamId);
    let state = checkoutStateOf(stream);
    let fresh = false;
    if (!state.started) {
      const plan = await planSubmit(deps, userId, request);
      const deadline = new Date(deps.clock().getTime() + (deps.checkoutDeadlineMs ?? CHECKOUT_DEADLINE_MS)).toISOString();
      const r = await decideOn(ctx, streamId, checkoutDecider,
        { type: 'StartCheckout', data: { checkoutId, userId, requestHash, plan, deadline } }, `${streamId}:start`, { known: stream });
      state = r.state;
      stream = streamAfter(stream, r);
      fresh = !r.repeated;
    }
    const started = state.started as Started;
    if (started.requestHash !== requestHash) throw new DomainError('duplicateRequest');
    if (state.completed) return payInfoOf(state.completed);
    // given up at its deadline (abandon-checkout.ts): what it reserved is back; this key cannot buy any more
    if (state.abandoned) throw new DomainError('orderStateChanged');
    if (state.failed) {
      const { errorName, message } = state.failed;
      throw new DomainError(isErrorName(errorName) ? errorName : 'badRequest', message);
    }
    return carryOut(deps, ctx, started, stream, fresh);
  });
}

/**
 * Carries out a started checkout; `stream` is the checkout stream as it stands (decided on without reading it);
 * `fresh` when this request started it (nothing of its plan can have been recorded yet). The resumer
 * (resume-checkout.ts) carries on a checkout a crash stopped through here as well, possibly while the request that
 * started it still runs: every step answers from its stream when the other driver took it first.
 *
 * The fence (CheckoutCommitted): nothing is placed before the checkout stream records the commitment — in the same
 * multi-stream append as the orders (placeTogether) or before them — and a refused step records CheckoutFailed before
 * anything is given back. So whichever of two drivers records first decides: a refusal that loses to a commitment goes
 * forward instead; a commitment that loses to a failure gives back what its driver took. A transient conflict is no
 * refusal: it is thrown unrecorded (the shopper is told to retry; the process stays open for the resumer).
 *
 * A fresh checkout records its orders, its payment and — when nothing is left to do between them — its completion in
 * one multi-stream append (placeTogether): all or none on PostgreSQL, so there is never an order without its payment
 * nor a payment without its orders, and the buyer waits for one append where the steps took three. The hot stock and
 * quota streams stay out of it: their group commit serves many buyers per append.
 */
export async function carryOut(
  deps: CheckoutDeps, ctx: StepContext, started: Started, stream: readonly RecordedEvent[], fresh: boolean,
): Promise<PayInfo> {
  const events: RecordedEvent[] = [];
  let orders: LoadedOrder[];
  let together: PlacedTogether | null = null;
  const taken: TakenSteps = new Set();
  let held = stream; // the checkout stream as this run knows it (decided on without a read)
  try {
    events.push(...await reserve(deps, started, taken));
    together = fresh ? await placeTogether(deps, ctx, started, stream) : null;
    if (together) {
      events.push(...together.events);
      orders = together.orders;
      held = together.checkoutStream;
    } else {
      const committed = await commit(ctx, started, stream);
      events.push(...committed.events);
      held = streamAfter(stream, committed);
      const placed = await placeOrders(deps, started);
      events.push(...placed.events);
      orders = placed.orders;
    }
  } catch (error) {
    // A conflict that outlasted its retries (a hot stream) is not this checkout's outcome but a moment's: like a crash
    // it leaves the checkout started, so the same Idempotency-Key asked again resumes it (the answer is HTTP 503
    // 服务繁忙，请稍后重试, services/api/retry-later.ts), and so does the resumer if no one asks.
    if (!(error instanceof DomainError) || isConflict(error)) throw error;
    return refused(deps, ctx, started, taken, error);
  }
  const { plan } = started;
  let done = together?.completed ?? null;
  if (!done) {
    const free = plan.orders.filter((o) => o.payable === 0).map((o) => o.orderId);
    for (const orderId of free) {
      const paid = await payOrders(deps, { paymentId: `free-${orderId}`, transactionId: `free-${orderId}`, orderIds: [orderId] });
      events.push(...paid.events);
    }
    let codeUrl = together?.codeUrl ?? '';
    if (plan.paymentId && !together) {
      const payable = orders.filter((o) => o.placed.price > 0);
      const payment = await startPayment(deps, started.userId, payable, { paymentId: plan.paymentId, correlationId: ctx.correlationId, kind: 'checkout', fresh });
      codeUrl = payment.codeUrl;
      events.push(...payment.events);
    }
    await removeFromCart(deps, started);
    const completed = await decideOn(ctx, ctx.correlationId, checkoutDecider, completeCheckout(plan, codeUrl), `${ctx.correlationId}:complete`,
      { known: held });
    events.push(...completed.events);
    done = completed.state.completed;
  }
  await deps.waitFor(events, { projections: NEXT_SCREEN_READ_MODELS });
  if (!done) throw new Error(`checkout ${ctx.correlationId} did not complete`);
  return payInfoOf(done);
}

/** CheckoutCommitted before the orders are placed one by one (a repeat when a driver committed already). */
function commit(ctx: StepContext, started: Started, stream: readonly RecordedEvent[]) {
  return decideOn(ctx, ctx.correlationId, checkoutDecider,
    { type: 'CommitCheckout', data: { orderIds: started.plan.orders.map((o) => o.orderId) } }, `${ctx.correlationId}:commit`,
    { known: stream });
}

/**
 * A step was refused: CheckoutFailed first (the fence), then what this run took goes back and the refusal is the
 * answer (the resumer then gives back the rest of the plan, in case another driver took more, and a give-back a crash
 * cut short). A checkout another driver committed meanwhile is not failed: it is carried forward instead.
 */
async function refused(deps: CheckoutDeps, ctx: StepContext, started: Started, taken: TakenSteps, error: DomainError): Promise<PayInfo> {
  let failed;
  try {
    failed = await decideOn(ctx, ctx.correlationId, checkoutDecider, {
      type: 'FailCheckout', data: { errorName: error.errorName, code: error.code, message: error.message },
    }, `${ctx.correlationId}:fail`);
  } catch (refusal) {
    if (!(refusal instanceof DomainError)) throw refusal;
    const state = checkoutStateOf(await deps.store.readStream(ctx.correlationId));
    if (state.completed) return payInfoOf(state.completed);
    if (state.committed) return carryOut(deps, ctx, started, [], false);
    throw error; // abandoned meanwhile: its give-back covers this run's steps too
  }
  const released = await giveBack(deps, started, taken);
  await deps.waitFor([...released, ...failed.events]);
  throw error;
}

const completeCheckout = (plan: Started['plan'], codeUrl: string): CheckoutCommand => ({
  type: 'CompleteCheckout',
  data: {
    orderIds: plan.orders.map((o) => o.orderId), paymentId: plan.paymentId, money: plan.money,
    collageId: plan.collage?.collageId ?? 0, codeUrl,
  },
});

/** The checked-out lines leave the cart (idempotent per order): a step of the checkout on the shopper's cart stream. */
async function removeFromCart(deps: CheckoutDeps, started: Started): Promise<void> {
  const { plan } = started;
  for (const order of plan.orders) {
    const skuIds = order.place.lines.map((l) => l.skuId).filter((id) => plan.cartSkuIds.includes(id));
    if (skuIds.length > 0 && await deps.cart.removeCheckedOut(started.userId, skuIds, order.orderId)) {
      crossedBoundary('checkout', `cart-${started.userId}:checkout-${order.orderId}`);
    }
  }
}

interface PlacedTogether {
  events: RecordedEvent[];
  orders: LoadedOrder[];
  /** the payment's code url ('' when nothing is to be paid) */
  codeUrl: string;
  /** the completed checkout, when the completion went in the same append */
  completed: NonNullable<CheckoutState['completed']> | null;
  /** the checkout stream after the append */
  checkoutStream: RecordedEvent[];
}

/**
 * The orders (one per shop), the payment for the payable ones (made at the provider first, so its code url can be
 * recorded) and, on the checkout stream, CheckoutCompleted when the plan has no order that costs nothing and no cart
 * lines to remove (steps that must come between them), else CheckoutCommitted: decided on streams known to be empty
 * (new order and payment ids) and on the checkout stream as held, and appended together. A refusal throws before
 * anything is appended. Null — the caller takes the steps one by one — when a stream moved on meanwhile (another
 * driver, the resumer, got there first) or the provider failed.
 */
async function placeTogether(
  deps: CheckoutDeps, ctx: StepContext, started: Started, stream: readonly RecordedEvent[],
): Promise<PlacedTogether | null> {
  const { plan } = started;
  const steps: DecidedStep[] = [];
  const placed: PayableOrder[] = [];
  for (const o of plan.orders) {
    const step = decideStep(ctx, orderStream(o.orderId), orderDecider, { type: 'PlaceOrder', data: o.place }, stepId(started, `place:${o.orderId}`), []);
    if (!step) return null;
    steps.push(step);
    placed.push({ orderId: o.orderId, placed: step.events[0].data as OrderPlaced['data'] });
  }
  let codeUrl = '';
  if (plan.paymentId) {
    let atProvider;
    try {
      atProvider = await paymentAtProvider(deps, placed.filter((o) => o.placed.price > 0), plan.paymentId);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      deps.log(`[checkout] ${ctx.correlationId}: the payment provider failed (${String(error)}); placing the orders one by one`);
      return null;
    }
    codeUrl = atProvider.codeUrl;
    const payment = decideStep(ctx, paymentStream(plan.paymentId), paymentDecider, atProvider.command,
      createPaymentId(ctx.correlationId, plan.paymentId), []);
    if (!payment) return null;
    steps.push(payment);
  }
  const nothingBetween = plan.orders.every((o) => o.payable > 0)
    && plan.orders.every((o) => !o.place.lines.some((l) => plan.cartSkuIds.includes(l.skuId)));
  // the checkout stream's part: completed when nothing is left between, else committed (the fence, see carryOut)
  const own = nothingBetween
    ? decideStep(ctx, ctx.correlationId, checkoutDecider, completeCheckout(plan, codeUrl), `${ctx.correlationId}:complete`, stream)
    : decideStep(ctx, ctx.correlationId, checkoutDecider,
      { type: 'CommitCheckout', data: { orderIds: plan.orders.map((o) => o.orderId) } }, `${ctx.correlationId}:commit`, stream);
  if (!own) return null;
  // the checkout's own stream first: where a store appends in sequence (EventStoreDB) the fence is recorded before
  // any order, as on the one-by-one path
  const appended = await appendDecided(ctx, [own, ...steps]);
  if (!appended) return null;
  const [mine, ...theirs] = appended.results;
  const orders = plan.orders.map((o, i) => orderOf(o.orderId, theirs[i].events));
  if (orders.some((order) => order === null)) return null;
  return {
    events: appended.events,
    orders: orders as LoadedOrder[],
    codeUrl: plan.paymentId ? ((theirs[plan.orders.length].state as PaymentState).context.payment?.codeUrl ?? codeUrl) : '',
    completed: (mine.state as CheckoutState).completed,
    checkoutStream: [...stream, ...mine.events],
  };
}
