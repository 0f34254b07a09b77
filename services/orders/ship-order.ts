/**
 * The merchant ships (not part of the storefront: `POST /internal/orders/:orderId/ship`, `npm run ops -- ship`, the
 * demo merchant): `ShipOrder` with the express company's dict id and name and the waybill; the decider sets
 * `autoConfirmAt` = shipping + 15 days. Only an order waiting for shipment (2) ships; else 400001 订单状态已变更.
 */
import { findExpressCompany } from '../../domain/logistics/express-companies';
import type { OrderState } from '../../domain/order/order.decider';
import { DomainError } from '../../domain/shared/errors';
import { Waybill } from '../../domain/rules/waybill.rule';
import { formatShanghai } from '../../domain/shared/time';
import type { CommandResult } from '../commands/handle-command';
import type { Actor } from '../event-store/event-store.port';
import { loadOrder, runOrderCommand, type OrderCommandDeps } from './order-command';

export interface Shipment {
  /** dict id (`1`, `'1'`) or code (`'SF'`) of GET /order/getExpressSelect's companies */
  express: number | string;
  /** numeric, at least 8 characters (domain/rules/waybill.rule.ts) */
  deliverFormid: string;
}

export const MERCHANT: Actor = { kind: 'merchant' };

export async function shipOrder(
  deps: OrderCommandDeps, orderId: number, shipment: Shipment, actor: Actor = MERCHANT, commandId?: string,
): Promise<CommandResult<OrderState>> {
  const company = findExpressCompany(shipment.express);
  if (!company) throw new DomainError('expressCompanyNotFound');
  const deliverFormid = Waybill.parse(shipment.deliverFormid);
  const order = await loadOrder(deps.store, orderId);
  if (!order.context.order) throw new DomainError('orderNotFound');
  return runOrderCommand(deps, orderId, {
    type: 'ShipOrder', data: { express: String(company.dictId), expressName: company.dictName, deliverFormid },
  }, actor, commandId);
}

/** What the merchant is told: the shipment and when receipt confirms itself (times as the API writes them). */
export interface Shipped {
  orderId: number; state: number; express: number; expressName: string; deliverFormid: string;
  dileveryTime: string; autoConfirmTime: string;
}

export function shippedAnswer(orderId: number, state: OrderState): Shipped {
  const c = state.context;
  return {
    orderId,
    state: 3,
    express: Number(c.shipment?.express ?? 0),
    expressName: c.shipment?.expressName ?? '',
    deliverFormid: c.shipment?.deliverFormid ?? '',
    dileveryTime: c.shipment ? formatShanghai(c.shipment.shippedAt) : '',
    autoConfirmTime: c.autoConfirmAt ? formatShanghai(c.autoConfirmAt) : '',
  };
}
