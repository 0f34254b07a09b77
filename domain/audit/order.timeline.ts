import type { AnyMachineSnapshot } from 'xstate';
import type { OrderContext } from '../order/order.context';
import { OrderEvent, orderEventTypes } from '../order/order.events';
import type { CancelReason } from '../order/order.events';
import { orderMachine } from '../order/order.machine';
import { orderStateNames, orderStateNumber } from '../order/order.view';
import { formatYuan } from '../shared/money';
import { formatShanghai } from '../shared/time';
import { machineLifecycle } from './lifecycle';
import type { RecordedFact } from './lifecycle';

const yuan = (fen: number): string => `¥${formatYuan(fen)}`;

const refundNote = (fen: number): string => (fen > 0 ? `，退款 ${yuan(fen)}` : '');

const cancelSummaries: Record<CancelReason, string> = {
  shopper: '买家取消订单', 'unpaid-timeout': '超时未支付，订单自动关闭', 'group-failed': '拼团失败，订单关闭',
};

const afterSaleOutcomes = { refunded: '退款成功', 'refund-refused': '拒绝退款', withdrawn: '买家撤销申请', closed: '售后关闭' } as const;

function durationText(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  return `${Math.floor(hours / 24)} 天 ${hours % 24} 小时`;
}

function summarizeOrder(fact: RecordedFact, before: AnyMachineSnapshot): string {
  const parsed = OrderEvent.safeParse(fact);
  if (!parsed.success) return fact.type;
  const event = parsed.data;
  const c = before.context as OrderContext;
  const productName = (skuId: number) => c.lines.find((l) => l.skuId === skuId)?.productName ?? `商品 ${skuId}`;
  switch (event.type) {
    case 'OrderPlaced':
      return `买家提交订单（订单号 ${event.data.orderFormid}，应付 ${yuan(event.data.price)}）`;
    case 'OrderPaid':
      return `支付成功（${yuan(event.data.amount)}，交易号 ${event.data.transactionId}）${event.data.intoFormingGroup ? '，等待成团' : ''}`;
    case 'OrderGroupSucceeded':
      return '拼团成功，等待商家发货';
    case 'OrderShipped':
      return `商家发货（${event.data.expressName} ${event.data.deliverFormid}）`;
    case 'ReceiptConfirmed':
      return event.data.auto ? '系统自动确认收货' : '买家确认收货';
    case 'OrderCancelled':
      return `${cancelSummaries[event.data.reason]}${refundNote(event.data.refundAmount)}`;
    case 'OrderRefundedInFull':
      return '全部商品已退款，订单关闭';
    case 'OrderDeleted':
      return '买家删除订单';
    case 'LineReviewed':
      return `买家评价商品（${productName(event.data.skuId)}）`;
    case 'AfterSaleOpened':
      return `买家申请售后（${event.data.afterType === 1 ? '仅退款' : '退货退款'}：${event.data.lines.map((l) => `${productName(l.skuId)} ×${l.number}`).join('、')}）`;
    case 'AfterSaleClosed':
      return `售后结束（${afterSaleOutcomes[event.data.outcome]}${event.data.outcome === 'refunded' ? ` ${yuan(event.data.refundAmount)}` : ''}）`;
    case 'AutoConfirmPaused':
      return `售后处理中，暂停自动确认收货（剩余 ${durationText(event.data.remainingMs)}）`;
    case 'AutoConfirmResumed':
      return `售后结束，恢复自动确认收货（${formatShanghai(event.data.autoConfirmAt)} 自动确认）`;
    default: {
      const unknown: never = event;
      return (unknown as RecordedFact).type;
    }
  }
}

export const orderLifecycle = machineLifecycle(orderMachine, {
  name: 'order',
  types: orderEventTypes,
  status: (state) => {
    const n = orderStateNumber(state as Parameters<typeof orderStateNumber>[0]);
    return n === null ? null : { code: n, name: orderStateNames[n] };
  },
  summarize: summarizeOrder,
});
