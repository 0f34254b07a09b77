/**
 * `npm run ops -- ship <orderId> [--express SF] [--waybill 123456789012]`: the merchant ships an order waiting for
 * shipment (DESIGN.md §11). Without --express: 顺丰速运; without --waybill: the demo waybill of the order
 * (domain/logistics/demo-waybill.ts). Through the server's POST /internal/orders/:id/ship, or directly on the stores.
 */
import { demoWaybill } from '../../domain/logistics/demo-waybill';
import { findExpressCompany } from '../../domain/logistics/express-companies';
import type { Shipped } from '../orders/ship-order';

export interface ShipCommand { kind: 'ship'; orderId: number; express: string; waybill: string | null }

export type ShippedAnswer = Pick<Shipped, 'orderId' | 'expressName' | 'deliverFormid' | 'dileveryTime' | 'autoConfirmTime'>;

/** `<orderId> [--express X] [--waybill Y]`, or null when malformed. */
export function parseShipArgs(args: readonly string[]): ShipCommand | null {
  const [id, ...rest] = args;
  if (!id || !/^\d{1,16}$/.test(id)) return null;
  const options = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if ((flag !== '--express' && flag !== '--waybill') || value === undefined) return null;
    options.set(flag, value);
  }
  return { kind: 'ship', orderId: Number(id), express: options.get('--express') ?? 'SF', waybill: options.get('--waybill') ?? null };
}

/** The body of the ship call: the waybill given, or the order's demo waybill for the chosen company. */
export function shipmentOf(command: ShipCommand): { express: string; deliverFormid: string } {
  const company = findExpressCompany(command.express);
  if (!company) throw new Error(`unknown express company ${command.express} (try SF, ZTO, YTO, YD, STO, EMS, JD, JTSD, DBL, YZPY)`);
  return { express: String(company.dictId), deliverFormid: command.waybill ?? demoWaybill(command.orderId, company) };
}

export const formatShipped = (a: ShippedAnswer): string =>
  `order ${a.orderId} shipped at ${a.dileveryTime}: ${a.expressName} ${a.deliverFormid}; receipt confirms itself at ${a.autoConfirmTime}`;
