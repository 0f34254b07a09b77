/**
 * For the deadline tests: a runtime on a given PGlite (or PostgreSQL) with projections running and the scheduler
 * not polling, and commands through the real deciders so the events are the ones the domain records.
 */
import type { PGlite } from '@electric-sql/pglite';
import { AfterSaleEvent, afterSaleStream } from '../../domain/after-sale/after-sale.events';
import { collageDecider } from '../../domain/group-buy/collage.decider';
import type { CollageCommand } from '../../domain/group-buy/collage.commands';
import type { OrderCommand, PlaceOrder } from '../../domain/order/order.commands';
import { orderDecider } from '../../domain/order/order.decider';
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { handleCommand } from '../../services/commands/handle-command';
import { loadConfig } from '../../services/config';
import { newEventId } from '../../services/event-store/event-ids';
import { openRuntime, type Runtime } from '../../services/runtime';

export async function openDeadlineRuntime(
  backend: { pglite: PGlite } | { databaseUrl: string }, options: { pollMs?: number; clock?: () => Date } = {},
): Promise<Runtime> {
  const config = loadConfig({
    DATA_DIR: ':memory:', LOG_LEVEL: 'silent', SCHEDULER_POLL_MS: String(options.pollMs ?? 0),
    ...('databaseUrl' in backend ? { DATABASE_URL: backend.databaseUrl } : {}),
  });
  return openRuntime(config, { pglite: 'pglite' in backend ? backend.pglite : undefined, log: () => undefined, clock: options.clock });
}

async function command<C, E extends DomainEvent, S>(
  runtime: Runtime, streamId: string, decider: Decider<C, E, S>, cmd: C, now: Date, commandId?: string,
): Promise<void> {
  const result = await handleCommand({ store: runtime.store, streamId, decider, command: cmd, now, actor: { kind: 'system' }, commandId });
  if (result.events.length > 0 && !(await runtime.projections.waitFor(result, { timeoutMs: 5000 }))) {
    throw new Error(`projections did not catch up with ${streamId}`);
  }
}

export const orderCommand = (runtime: Runtime, orderId: number, cmd: OrderCommand, now: Date, commandId?: string) =>
  command(runtime, `order-${orderId}`, orderDecider, cmd, now, commandId);

export const collageCommand = (runtime: Runtime, collageId: number, cmd: CollageCommand, now: Date) =>
  command(runtime, `collage-${collageId}`, collageDecider, cmd, now);

export const placeOrder = (orderId: number): PlaceOrder => ({
  type: 'PlaceOrder',
  data: {
    orderId, orderFormid: String(100000000000000 + orderId), userId: 7, shopId: 3,
    lines: [{ skuId: 11, productId: 5, productName: '卫衣', image: '/img/1.png', values: ['红色'], number: 1, price: 9900, discount: 0 }],
    logisticsPrice: 0, platformCouponId: null, shopCouponId: null,
    receive: { receiveName: '张三', receivePhone: '13800000000', receiveAdress: '上海市', address: '1号' },
    remark: '', paymentMode: 1, shopGroupWorkId: null, shopSeckillId: null, shopDiscountId: null, collageId: 0,
  },
});

export const payOrder = (paymentId: string): OrderCommand => ({
  type: 'PayOrder', data: { paymentId, transactionId: `T-${paymentId}`, amount: 9900, groupForming: false },
});

export const shipOrder: OrderCommand = { type: 'ShipOrder', data: { express: 'SF', expressName: '顺丰', deliverFormid: 'SF1234567890' } };

/** After-sale events appended as recorded (validated against their schema), for the after-sale deadline rules. */
export async function appendAfterSale(runtime: Runtime, afterId: number, events: unknown[], at: Date): Promise<void> {
  const stream = afterSaleStream(afterId);
  const existing = await runtime.store.readStream(stream);
  const result = await runtime.store.appendToStream(stream, events.map((e) => ({
    ...AfterSaleEvent.parse(e),
    metadata: { eventId: newEventId(), actor: { kind: 'system' as const }, occurredAt: at.toISOString(), schemaVersion: 1 },
  })), { expectedRevision: existing.length === 0 ? 'no_stream' : existing.length - 1 });
  if (!(await runtime.projections.waitFor(result, { timeoutMs: 5000 }))) throw new Error(`projections did not catch up with ${stream}`);
}

export const submittedAfterSale = (afterId: number, orderId: number, autoCloseAt: string) => ({
  type: 'AfterSaleSubmitted',
  data: {
    afterId, orderId, afterFormid: `SH${String(afterId).padStart(15, '0')}`, orderFormid: String(100000000000000 + orderId),
    shopId: 3, buyerUserId: 7, afterType: 1, goodsState: 0, returnReason: '不想要了', explain: '', images: [],
    lines: [{ skuId: 11, number: 1, refundFen: 9900 }], shippingRefundFen: 0, priceFen: 9900, autoCloseAt,
  },
});

export interface DeadlineRow { kind: string; streamId: string; entityId: number; dueText: string }

/**
 * The time-based transitions' rows (the lifecycle deadlines). The one resumer's `resume-process` rows live in the
 * same table but are the process mechanism's (tests/unit/processes, tests/fault/process-crash.test.ts).
 */
export async function deadlineRows(runtime: Runtime): Promise<DeadlineRow[]> {
  const { rows } = await runtime.db.query<{ kind: string; stream_id: string; entity_id: string; due_text: string }>(
    `select kind, stream_id, entity_id, due_text from deadlines where kind <> 'resume-process' order by stream_id, kind`);
  return rows.map((r) => ({ kind: r.kind, streamId: r.stream_id, entityId: Number(r.entity_id), dueText: r.due_text }));
}

export const plus = (at: Date, ms: number): Date => new Date(at.getTime() + ms);
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
