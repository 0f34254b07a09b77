/**
 * What a shopper may do with an order (spec §4 "Order actions"). The web shows exactly these buttons, in this order.
 * Takes the API's order fields, so the web can pass an order from /order/getAll or /order/getById as it is.
 */
export interface OrderActionInput {
  state: number;
  paymentState: number;
  ifAfter: number | boolean;
  ifNotComment: number;
  shopDiscountId?: number | null;
  shopGroupWorkId?: number | null;
  shopSeckillId?: number | null;
}

export type OrderAction =
  | { kind: 'pay' }
  | { kind: 'remindShipment' }
  | { kind: 'confirmReceipt' }
  | { kind: 'buyAgain'; disabled: boolean }
  | { kind: 'cancel' }
  | { kind: 'afterSale'; mode: 'direct' | 'picker' }
  | { kind: 'review' }
  | { kind: 'viewLogistics' }
  | { kind: 'delete' };

export type OrderActionKind = OrderAction['kind'];

const hadActivity = (o: OrderActionInput): boolean =>
  [o.shopDiscountId, o.shopGroupWorkId, o.shopSeckillId].some((id) => (id ?? 0) !== 0);

export function orderActions(order: OrderActionInput): OrderAction[] {
  const { state } = order;
  const ifAfter = order.ifAfter === true || order.ifAfter === 1;
  const actions: OrderAction[] = [];
  if (state === 1 || (state === 6 && order.paymentState === 0)) actions.push({ kind: 'pay' });
  if (state === 2) actions.push({ kind: 'remindShipment' });
  if (state === 3 && ifAfter) actions.push({ kind: 'confirmReceipt' });
  if (state === 4 || state === 5) actions.push({ kind: 'buyAgain', disabled: hadActivity(order) });
  if (state === 1 || state === 6) actions.push({ kind: 'cancel' });
  if (state === 2) actions.push({ kind: 'afterSale', mode: 'direct' });
  if ((state === 3 || state === 4) && ifAfter) actions.push({ kind: 'afterSale', mode: 'picker' });
  if (state === 4 && order.ifNotComment === 1) actions.push({ kind: 'review' });
  if (state === 3) actions.push({ kind: 'viewLogistics' });
  if (state === 5) actions.push({ kind: 'delete' });
  return actions;
}
