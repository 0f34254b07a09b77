/**
 * The demo merchant (DESIGN.md §7): ships every paid order `shipAfterMs` after it started waiting for shipment, so a
 * newcomer can walk the whole lifecycle in the browser (pay → 待发货 → 待收货 → 确认收货) without ops commands.
 * `DEMO_MERCHANT_SHIP_AFTER_MS` (services/config.ts): 60000 by default, 0 turns it off; in production it is off unless
 * set (and then warned of at start). Like a deadline it keeps no timer: each pass asks the orders read model which
 * orders have waited long enough, so a restart loses nothing.
 * Orders with an after-sale open are left alone (a merchant would not ship goods the shopper is asking money back for).
 * The company rotates with the order id; the waybill is derived from both (domain/logistics/demo-waybill.ts).
 */
import { demoWaybill } from '../../domain/logistics/demo-waybill';
import { expressCompanies } from '../../domain/logistics/express-companies';
import { DomainError, Errors } from '../../domain/shared/errors';
import type { Database } from '../db/database';
import type { OrderCommandDeps } from '../orders/order-command';
import { createPoller, type Poller } from '../orders/poller';
import { shipOrder } from '../orders/ship-order';

export interface DemoMerchantDeps extends OrderCommandDeps { db: Database; log(line: string): void }

const BATCH = 20;

export async function shipWaitingOrders(deps: DemoMerchantDeps, shipAfterMs: number, now: Date = deps.clock()): Promise<number> {
  const { rows } = await deps.db.query<{ order_id: string }>(
    `select order_id from orders
      where state = 2 and not after_sale_open and awaiting_shipment_since <= $1
      order by awaiting_shipment_since, order_id limit $2`,
    [new Date(now.getTime() - shipAfterMs).toISOString(), BATCH]);
  let shipped = 0;
  for (const row of rows) {
    const orderId = Number(row.order_id);
    const company = expressCompanies[orderId % expressCompanies.length];
    try {
      await shipOrder(deps, orderId, { express: company.dictId, deliverFormid: demoWaybill(orderId, company) },
        { kind: 'merchant', id: 'demo-merchant' }, 'demo-merchant-ship');
      shipped += 1;
    } catch (error) {
      // refunded, cancelled or shipped by ops meanwhile: the read model was a moment behind
      if (error instanceof DomainError && error.code === Errors.orderStateChanged.code) continue;
      throw error;
    }
  }
  return shipped;
}

export function createDemoMerchant(deps: DemoMerchantDeps, shipAfterMs: number, pollMs = 1000): Poller {
  return createPoller('demo-merchant', (now) => shipWaitingOrders(deps, shipAfterMs, now), pollMs, deps.log);
}
