/**
 * The deadlines read model: rows appear with the events that start a time-based transition and disappear with the
 * events that make it moot; a rebuild from the log gives the same rows.
 */
import type { PGlite } from '@electric-sql/pglite';
import { openFreshPGlite } from '../support/pglite-snapshot';
import type { Runtime } from '../../services/runtime';
import {
  appendAfterSale, collageCommand, DAY, deadlineRows, HOUR, openDeadlineRuntime, orderCommand, payOrder, placeOrder, plus,
  shipOrder, submittedAfterSale,
} from './scheduler.support';

let pglite: PGlite;
let runtime: Runtime;
const t0 = new Date('2025-06-01T02:00:00.000Z');

beforeAll(async () => {
  pglite = await openFreshPGlite();
  runtime = await openDeadlineRuntime({ pglite });
});
afterAll(async () => {
  await runtime?.close();
  await pglite?.close();
});

const rowsOf = async (streamId: string) => (await deadlineRows(runtime)).filter((r) => r.streamId === streamId);

describe('an order placed and not yet paid', () => {
  it('has a close-unpaid-order deadline at its paymentDeadline, one hour on', async () => {
    await orderCommand(runtime, 101, placeOrder(101), t0);
    expect(await rowsOf('order-101')).toEqual([
      { kind: 'close-unpaid-order', streamId: 'order-101', entityId: 101, dueText: plus(t0, HOUR).toISOString() },
    ]);
  });

  it('loses it once paid', async () => {
    await orderCommand(runtime, 101, payOrder('PAY101'), plus(t0, 10 * 60_000));
    expect(await rowsOf('order-101')).toEqual([]);
  });

  it('loses it when the shopper cancels', async () => {
    await orderCommand(runtime, 102, placeOrder(102), t0);
    await orderCommand(runtime, 102, { type: 'CancelOrder', data: {} }, plus(t0, 60_000));
    expect(await rowsOf('order-102')).toEqual([]);
  });
});

describe('a shipped order', () => {
  const shippedAt = plus(t0, DAY);

  it('has an auto-confirm deadline fifteen days after shipping', async () => {
    await orderCommand(runtime, 101, shipOrder, shippedAt);
    expect(await rowsOf('order-101')).toEqual([
      { kind: 'auto-confirm', streamId: 'order-101', entityId: 101, dueText: plus(shippedAt, 15 * DAY).toISOString() },
    ]);
  });

  it('loses it while an after-sale pauses the clock and gets the remaining time back when it closes', async () => {
    const openedAt = plus(shippedAt, 5 * DAY);
    await orderCommand(runtime, 101, { type: 'OpenAfterSale', data: { afterSaleId: 901, afterType: 1, lines: [{ skuId: 11, number: 1 }] } }, openedAt);
    expect(await rowsOf('order-101')).toEqual([]);
    const closedAt = plus(openedAt, 2 * DAY);
    await orderCommand(runtime, 101, {
      type: 'CloseAfterSale', data: { afterSaleId: 901, outcome: 'withdrawn', afterState: 9, refundAmount: 0 },
    }, closedAt);
    expect(await rowsOf('order-101')).toEqual([
      { kind: 'auto-confirm', streamId: 'order-101', entityId: 101, dueText: plus(closedAt, 10 * DAY).toISOString() },
    ]);
  });

  it('loses it when the shopper confirms receipt', async () => {
    await orderCommand(runtime, 101, { type: 'ConfirmReceipt', data: { afterSaleWindowDays: 15 } }, plus(shippedAt, 8 * DAY));
    expect(await rowsOf('order-101')).toEqual([]);
  });
});

describe('a group-buy (collage)', () => {
  const leader = { userId: 7, orderId: 201, headImage: '/a.png' };
  const open = (collageId: number) => collageCommand(runtime, collageId, {
    type: 'OpenCollage', data: { collageId, shopGroupWorkId: 1, shopId: 3, productId: 5, skuId: 11, size: 2, effectiveHours: 24, leader },
  }, t0);

  it('has a fail-collage deadline at its end while forming', async () => {
    await open(31);
    expect(await rowsOf('collage-31')).toEqual([
      { kind: 'fail-collage', streamId: 'collage-31', entityId: 31, dueText: plus(t0, 24 * HOUR).toISOString() },
    ]);
  });

  it('loses it when the group fails at the deadline', async () => {
    await collageCommand(runtime, 31, { type: 'FailCollageAtDeadline', data: {} }, plus(t0, 24 * HOUR));
    expect(await rowsOf('collage-31')).toEqual([]);
  });

  it('loses it when the last member pays', async () => {
    await open(32);
    await collageCommand(runtime, 32, { type: 'JoinCollage', data: { userId: 8, orderId: 202, headImage: '/b.png' } }, plus(t0, HOUR));
    await collageCommand(runtime, 32, { type: 'RecordMemberPayment', data: { orderId: 201 } }, plus(t0, HOUR));
    expect(await rowsOf('collage-32')).toHaveLength(1);
    await collageCommand(runtime, 32, { type: 'RecordMemberPayment', data: { orderId: 202 } }, plus(t0, 2 * HOUR));
    expect(await rowsOf('collage-32')).toEqual([]);
  });
});

describe('an after-sale', () => {
  const due = '2025-06-04T02:00:00.000Z';

  it('has a close-after-sale deadline with the instant exactly as the event wrote it', async () => {
    await appendAfterSale(runtime, 41, [submittedAfterSale(41, 101, due)], t0);
    expect(await rowsOf('after-sale-41')).toEqual([{ kind: 'close-after-sale', streamId: 'after-sale-41', entityId: 41, dueText: due }]);
  });

  it('loses it when the merchant approves a refund (no waiting state)', async () => {
    await appendAfterSale(runtime, 41, [{
      type: 'AfterSaleApproved', data: { afterId: 41, orderId: 101, afterType: 1, returnAddress: null, autoCloseAt: null },
    }], plus(t0, HOUR));
    expect(await rowsOf('after-sale-41')).toEqual([]);
  });

  it('moves it to the deadline of the next waiting state, and loses it when closed automatically', async () => {
    await appendAfterSale(runtime, 42, [submittedAfterSale(42, 101, due)], t0);
    const next = '2025-06-05T03:00:00.000Z';
    await appendAfterSale(runtime, 42, [{ type: 'AfterSaleRejected', data: { afterId: 42, orderId: 101, reason: '不符合', autoCloseAt: next } }], plus(t0, DAY));
    expect(await rowsOf('after-sale-42')).toEqual([{ kind: 'close-after-sale', streamId: 'after-sale-42', entityId: 42, dueText: next }]);
    await appendAfterSale(runtime, 42, [{ type: 'AfterSaleAutoClosed', data: { afterId: 42, orderId: 101, dueAt: next } }], plus(t0, 4 * DAY));
    expect(await rowsOf('after-sale-42')).toEqual([]);
  });
});

describe('the deadlines rebuilt from the log', () => {
  it('are the same rows', async () => {
    await orderCommand(runtime, 103, placeOrder(103), t0);
    const before = await deadlineRows(runtime);
    expect(before.length).toBeGreaterThan(0);
    await runtime.projections.rebuild('deadlines');
    expect(await deadlineRows(runtime)).toEqual(before);
  });
});
