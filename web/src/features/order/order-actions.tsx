import App from 'antd/es/app';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { orderActions, type OrderAction, type OrderActionKind } from '../../../../domain/order/order.actions';
import { ApiError } from '../../lib/api-client';
import { httpStatusMessage } from '../../lib/http-messages';
import { AfterSalePicker } from './after-sale-picker';
import { buyAgain, cancelOrder, confirmReceipt, deleteOrder } from './api/order-commands';
import type { Order, OrderSku } from './order.model';

export const actionLabels: Record<OrderActionKind, string> = {
  pay: '立即付款',
  remindShipment: '提醒发货',
  confirmReceipt: '确认收货',
  buyAgain: '再次购买',
  cancel: '取消订单',
  afterSale: '申请售后',
  review: '评价',
  viewLogistics: '查看物流',
  delete: '删除订单',
};

const primary: ReadonlySet<OrderActionKind> = new Set(['pay', 'confirmReceipt', 'review']);

export type OrderChange = 'cancelled' | 'confirmed' | 'deleted';

interface OrderActionsProps {
  order: Order;
  /** Resolves once the QR dialog is open (or the request failed). */
  onPay: (orderId: number) => Promise<void>;
  onChanged: (change: OrderChange) => void;
  onViewLogistics: () => void;
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : httpStatusMessage(500));

/** The order's buttons: exactly what the domain's `orderActions` offers (spec §4 Order actions), with their dialogs. */
export function OrderActions({ order, onPay, onChanged, onViewLogistics }: OrderActionsProps) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<OrderActionKind | null>(null);
  const [picking, setPicking] = useState(false);

  const run = async (kind: OrderActionKind, call: () => Promise<unknown>, done: string, change?: OrderChange) => {
    setBusy(kind);
    try {
      await call();
      void message.success(done);
      if (change) onChanged(change);
      return true;
    } catch (error) {
      void message.error(errorText(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const confirmThen = (content: string, kind: OrderActionKind, call: () => Promise<unknown>, done: string, change: OrderChange) =>
    modal.confirm({
      title: '提示',
      content,
      okText: '确定',
      cancelText: '取消',
      onOk: () => void run(kind, call, done, change),
    });

  const toAfterSale = (skus: OrderSku[]) =>
    navigate(`/afterSale?state=1&orderData=${encodeURIComponent(JSON.stringify({ ...order, skus }))}`);

  const act = (action: OrderAction) => {
    switch (action.kind) {
      case 'pay':
        setBusy('pay');
        return void onPay(order.orderId).finally(() => setBusy(null));
      case 'remindShipment':
        return void message.success('已提醒卖家发货');
      case 'confirmReceipt':
        return confirmThen('确认已收到商品吗？', 'confirmReceipt', () => confirmReceipt(order.orderId), '确认收货成功', 'confirmed');
      case 'buyAgain':
        return void run('buyAgain', () => buyAgain(order.orderId), '添加成功').then((ok) => ok && navigate('/shopping-trolley'));
      case 'cancel':
        return confirmThen('确定取消该订单吗？', 'cancel', () => cancelOrder(order.orderId), '订单取消成功', 'cancelled');
      case 'afterSale':
        return action.mode === 'direct' ? toAfterSale(order.skus) : setPicking(true);
      case 'review':
        return navigate(`/evaluate?product=${encodeURIComponent(JSON.stringify(order))}`);
      case 'viewLogistics':
        return onViewLogistics();
      case 'delete':
        return confirmThen('确定删除该订单吗？删除后无法恢复', 'delete', () => deleteOrder(order.orderId), '订单删除成功', 'deleted');
      default:
        return unreachable(action);
    }
  };

  return (
    <div className="order-actions" data-testid="order-actions">
      {orderActions(order).map((action) => (
        <Button
          key={action.kind}
          size="small"
          type={primary.has(action.kind) ? 'primary' : 'default'}
          disabled={action.kind === 'buyAgain' && action.disabled}
          loading={busy === action.kind}
          onClick={() => act(action)}
        >
          {actionLabels[action.kind]}
        </Button>
      ))}
      {picking && (
        <AfterSalePicker
          order={order}
          onClose={() => setPicking(false)}
          onPicked={(skus) => {
            setPicking(false);
            toAfterSale(skus);
          }}
        />
      )}
    </div>
  );
}

function unreachable(value: never): never {
  throw new Error(`unexpected order action ${JSON.stringify(value)}`);
}
