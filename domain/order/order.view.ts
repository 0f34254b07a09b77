import type { SnapshotFrom } from 'xstate';
import { hasOpenAfterSale, isLineAfterSaleable } from './order.context';
import type { OrderLineState } from './order.context';
import { orderMachine } from './order.machine';
import { isAfterSaleWindowClosed } from './after-sale-window';

/** The API's order numbers (spec §4) and the fields derived from the machine state. */
export type OrderStateNumber = 1 | 2 | 3 | 4 | 5 | 6;

export const orderStateNames: Record<OrderStateNumber, string> = {
  1: '待付款', 2: '待发货', 3: '待收货', 4: '已完成', 5: '已关闭', 6: '待成团',
};

type OrderSnapshot = SnapshotFrom<typeof orderMachine>;

/** The API state number of a machine snapshot; null before the order is placed. */
export function orderStateNumber(snapshot: OrderSnapshot): OrderStateNumber | null {
  if (snapshot.matches('awaitingPayment')) return 1;
  if (snapshot.matches('awaitingShipment')) return 2;
  if (snapshot.matches('awaitingReceipt')) return 3;
  if (snapshot.matches('completed')) return 4;
  if (snapshot.matches('closed') || snapshot.matches('deleted')) return 5;
  if (snapshot.matches('awaitingGroup')) return 6;
  return null;
}

export interface OrderLineView {
  skuId: number;
  /** afterState of the line's latest after-sale (1 while open), null when it never had one */
  afterState: number | null;
  ifAfter: 0 | 1;
  commentId: number | null;
  refundedNumber: number;
}

export interface OrderView {
  state: OrderStateNumber;
  stateName: string;
  paymentState: 0 | 1;
  /** 1 when no after-sale is open and some line may still get one (states 2, 3, 4) */
  ifAfter: 0 | 1;
  /** 1 in state 4 while some line is not reviewed */
  ifNotComment: 0 | 1;
  /** ms left: to the payment deadline in 1, to automatic receipt in 3 (frozen while paused), else 0 */
  time: number;
  autoConfirmPaused: boolean;
  deleted: boolean;
  collageId: number;
  shopGroupWorkId: number | null;
  shopSeckillId: number | null;
  shopDiscountId: number | null;
  lines: OrderLineView[];
}

const afterSaleStates: ReadonlySet<OrderStateNumber> = new Set([2, 3, 4]);

function timeLeft(snapshot: OrderSnapshot, state: OrderStateNumber, now: Date): number {
  const c = snapshot.context;
  const until = (at: string | null | undefined) => (at ? Math.max(0, Date.parse(at) - now.getTime()) : 0);
  if (state === 1) return until(c.order?.paymentDeadline);
  if (snapshot.matches({ awaitingReceipt: 'autoConfirmPaused' })) return c.autoConfirmRemainingMs ?? 0;
  if (state === 3) return until(c.autoConfirmAt);
  return 0;
}

export function orderView(snapshot: OrderSnapshot, now: Date): OrderView | null {
  const state = orderStateNumber(snapshot);
  const c = snapshot.context;
  if (state === null || !c.order) return null;
  // a completed order takes after-sales only until its window closes (after-sale-window.ts)
  const windowOpen = !isAfterSaleWindowClosed(c.confirmed?.afterSaleUntil, now);
  const lineAfterSaleable = (l: OrderLineState) => afterSaleStates.has(state) && windowOpen && isLineAfterSaleable(l);
  const lines: OrderLineView[] = c.lines.map((l) => ({
    skuId: l.skuId,
    afterState: l.afterSale?.afterState ?? null,
    ifAfter: lineAfterSaleable(l) ? 1 : 0,
    commentId: l.commentId,
    refundedNumber: l.refundedNumber,
  }));
  return {
    state,
    stateName: orderStateNames[state],
    paymentState: c.payment ? 1 : 0,
    ifAfter: !hasOpenAfterSale(c) && c.lines.some(lineAfterSaleable) ? 1 : 0,
    ifNotComment: state === 4 && c.lines.some((l) => l.commentId === null) ? 1 : 0,
    time: timeLeft(snapshot, state, now),
    autoConfirmPaused: snapshot.matches({ awaitingReceipt: 'autoConfirmPaused' }),
    deleted: snapshot.matches('deleted'),
    collageId: c.order.collageId,
    shopGroupWorkId: c.order.shopGroupWorkId,
    shopSeckillId: c.order.shopSeckillId,
    shopDiscountId: c.order.shopDiscountId,
    lines,
  };
}
