/**
 * The shopper notices (站内信, type 3, jump 2 → order detail, only = orderId) that order events call for:
 * paid (origin-contract §5.3 "您购买的<formid>已支付成功，请耐心等待商家发货"), shipped, and closed (§7
 * "您未在规定时间完成付款，订单…已关闭", cancelled, group failed). One notice per (order, kind); its id is derived
 * from both, so the publisher may append it any number of times and the store keeps one.
 */
import { createHash } from 'node:crypto';
import type { OrderContext } from '../../domain/order/order.context';
import type { OrderEvent } from '../../domain/order/order.events';
import { formatYuan } from '../../domain/shared/money';

export type OrderNoticeKind = 'paid' | 'shipped' | 'closed';

export interface OrderNotice {
  notice_id: number;
  order_id: number;
  user_id: number;
  kind: OrderNoticeKind;
  title: string;
  content: string;
  occurred_at: string;
  cause_event_id: string;
}

/** 2^50 + 48 bits of a hash: a safe integer far above hand-numbered notices (the demo seed's 1..n). */
export function orderNoticeId(orderId: number, kind: OrderNoticeKind): number {
  const digest = createHash('sha1').update(`jishi:order-notice:${orderId}:${kind}`).digest();
  return 2 ** 50 + digest.readUIntBE(0, 6);
}

const refundText = (fen: number): string => (fen > 0 ? `，已支付的¥${formatYuan(fen)}将原路退回` : '');

function text(event: OrderEvent, formid: string): { kind: OrderNoticeKind; title: string; content: string } | null {
  switch (event.type) {
    case 'OrderPaid':
      return {
        kind: 'paid',
        title: '订单支付成功',
        content: event.data.intoFormingGroup
          ? `您购买的${formid}已支付成功，拼团成功后商家将尽快发货`
          : `您购买的${formid}已支付成功，请耐心等待商家发货`,
      };
    case 'OrderShipped':
      return {
        kind: 'shipped',
        title: '订单已发货',
        content: `您购买的${formid}商家已发货（${event.data.expressName} ${event.data.deliverFormid}），请注意查收`,
      };
    case 'OrderCancelled': {
      const { reason, refundAmount } = event.data;
      if (reason === 'unpaid-timeout') return { kind: 'closed', title: '订单已关闭', content: `您未在规定时间完成付款，订单${formid}已关闭` };
      if (reason === 'group-failed') {
        return { kind: 'closed', title: '拼团失败', content: `您参与的拼团未成功，订单${formid}已关闭${refundText(refundAmount)}` };
      }
      return { kind: 'closed', title: '订单已取消', content: `您的订单${formid}已取消${refundText(refundAmount)}` };
    }
    default:
      return null;
  }
}

/** The notice an order event calls for (the context is the order's after the event), or null. */
export function orderNoticeFor(
  event: OrderEvent, context: OrderContext, occurredAt: string, causeEventId: string,
): OrderNotice | null {
  const order = context.order;
  const found = order ? text(event, order.orderFormid) : null;
  if (!order || !found) return null;
  return {
    notice_id: orderNoticeId(order.orderId, found.kind),
    order_id: order.orderId,
    user_id: order.userId,
    ...found,
    occurred_at: occurredAt,
    cause_event_id: causeEventId,
  };
}
