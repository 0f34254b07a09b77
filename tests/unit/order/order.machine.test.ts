import type { AnyMachineSnapshot } from 'xstate';
import type { OrderContext } from '../../../domain/order/order.context';
import type { OrderEvent } from '../../../domain/order/order.events';
import { orderMachine } from '../../../domain/order/order.machine';
import { measureTransitionCoverage } from '../support/transition-coverage';
import {
  DAY, PRICE, afterSaleClosed, afterSaleOpened, autoConfirmPaused, cancelled, confirmed, groupSucceeded, iso, lineA, paid,
  placed, reviewed, shipped,
} from './order.fixtures';

/**
 * Model-based walk of the order machine: from every reached snapshot, the sample events a real history could hold
 * there (and a few it could not, which the guards must refuse). One after-sale per line keeps the walk small.
 */
const single = [lineA];
const singlePrice = lineA.price * lineA.number + 600 - lineA.discount;

function sampleEvents(snapshot: AnyMachineSnapshot): OrderEvent[] {
  const c = snapshot.context as OrderContext;
  const line = c.lines[0];
  const afterSaleId = line?.afterSale ? line.afterSale.afterSaleId + 1 : 1;
  const opened = Object.keys(c.openAfterSales).map(Number);
  return [
    placed({ lines: single }), placed({ lines: single, collageId: 88 }),
    paid(false, singlePrice), paid(true, singlePrice), groupSucceeded,
    cancelled('shopper'), cancelled('unpaid-timeout'), cancelled('group-failed'),
    cancelled('group-failed', singlePrice), cancelled('shopper', singlePrice), cancelled('unpaid-timeout', PRICE),
    shipped, confirmed(false), confirmed(true), autoConfirmPaused,
    { type: 'AutoConfirmResumed', data: { autoConfirmAt: iso(20 * DAY), resumedAt: iso(6 * DAY) } },
    ...(afterSaleId === 1 ? [afterSaleOpened(afterSaleId, [lineA.skuId])] : []),
    ...opened.flatMap((id) => [afterSaleClosed(id, 'withdrawn'), afterSaleClosed(id, 'refunded')]),
    { type: 'OrderRefundedInFull', data: { closedAt: iso(7 * DAY) } },
    reviewed(lineA.skuId, 301),
    { type: 'OrderDeleted', data: { deletedAt: iso(30 * DAY) } },
  ];
}

/** Snapshot identity for the walk: the state and what the guards read, not timestamps. */
function guardRelevant(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as OrderContext;
  if (snapshot.matches('awaitingPayment')) return JSON.stringify([snapshot.value, (c.order?.collageId ?? 0) > 0]);
  if (!['awaitingShipment', 'awaitingReceipt', 'completed'].some((s) => snapshot.matches(s))) return JSON.stringify(snapshot.value);
  const lines = c.lines.map((l) => [l.afterSale?.afterSaleId, l.afterSale?.open, l.refundedNumber, l.commentId]);
  return JSON.stringify([snapshot.value, lines]);
}

describe('the order machine walked along every simple path', () => {
  const result = measureTransitionCoverage('order', orderMachine, sampleEvents, { serializeState: guardRelevant });

  it('covers every defined transition', () => {
    expect(result.missing).toEqual([]);
    expect(result.percent).toBe(100);
  });

  it('defines the spec §4 lifecycle edges', () => {
    expect(result.defined).toEqual(expect.arrayContaining([
      'notPlaced --OrderPlaced--> awaitingPayment',
      'awaitingPayment --OrderPaid--> awaitingShipment',
      'awaitingPayment --OrderPaid--> awaitingGroup',
      'awaitingGroup --OrderGroupSucceeded--> awaitingShipment',
      'awaitingShipment --OrderShipped--> awaitingReceipt',
      'awaitingReceipt.autoConfirmRunning --ReceiptConfirmed--> completed',
      'awaitingReceipt.autoConfirmPaused --ReceiptConfirmed--> completed',
      'closed --OrderDeleted--> deleted',
    ]));
    expect(result.defined).toHaveLength(22);
  });
});
