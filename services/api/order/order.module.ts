/**
 * Wires the orders slice into the app (two lines in app.ts): the shopper's /api/order routes, the `order:<id>`
 * websocket policy (the order's owner), the `auto-confirm` and `fail-collage` deadline handlers (a group failing at its
 * deadline closes its member orders and refunds the paid ones), and two background passes over the
 * orders read model that stop with the app: the order-notice publisher (always) and the demo merchant (when
 * `demoMerchantShipAfterMs` > 0). Inside /internal: the merchant's ship route.
 *
 * `releaseOrderResources` is the checkout slice's (stock, quotas, coupons and open QR payments back), called when an
 * order closes; the app passes it in (features meet in the composition root).
 */
import type { ProcessResumer } from '../../processes/process-resumer';
import type { FastifyInstance } from 'fastify';
import type { WaitFor } from '../../../projections/runner/wait-for';
import type { Database } from '../../db/database';
import type { EventStore, RecordedEvent } from '../../event-store/event-store.port';
import { carrierHourMs } from '../../../domain/logistics/tracking.simulator';
import { createDemoMerchant } from '../../merchant/demo-merchant';
import { autoConfirmReceipt } from '../../orders/auto-confirm.handler';
import { failCollageAtDeadline, resumeCollage } from '../../orders/failed-collage';
import { resumeOrderClose } from '../../orders/cancel-order';
import { anyShopper, collagePushes } from '../../orders/collage-push';
import type { OrderServiceDeps } from '../../orders/order-command';
import { createOrderNoticePublisher } from '../../orders/order-notice.publisher';
import type { Payments } from '../../payments/payments';
import type { RealtimeHub } from '../../realtime/hub';
import type { Scheduler } from '../../scheduler/scheduler';
import { registerInternalOrderRoutes } from '../internal/orders.routes';
import { registerOrderRoutes } from './order.routes';

/** The checkout slice's `releaseOrderResources` (services/checkout/release-order-resources.ts), as the app passes it. */
export type ReleaseOrderResources = (
  deps: { store: EventStore; clock: () => Date; db: Database; payments: Payments; log: (line: string) => void; processes: ProcessResumer },
  orderId: number,
) => Promise<readonly RecordedEvent[]>;

export interface OrderModuleDeps {
  db: Database;
  store: EventStore;
  waitFor: WaitFor;
  hub: RealtimeHub;
  clock: () => Date;
  payments: Payments;
  scheduler: Pick<Scheduler, 'registerDeadlineHandler'>;
  releaseOrderResources: ReleaseOrderResources;
  processes: ProcessResumer;
  /** The demo merchant ships paid orders this long after payment; 0 or absent: no demo merchant. */
  demoMerchantShipAfterMs?: number;
  /** How often the background passes look for work (default 1000 ms). */
  orderPollMs?: number;
  /** AFTER_SALE_WINDOW_DAYS: recorded on each receipt confirmation (default: the configuration's default). */
  afterSaleWindowDays?: number;
}

function services(deps: OrderModuleDeps, app: FastifyInstance): OrderServiceDeps {
  const { store, db, waitFor, clock, payments } = deps;
  const log = (line: string) => app.log.warn(line);
  return {
    store, db, waitFor, clock, log,
    afterSaleWindowDays: deps.afterSaleWindowDays,
    provider: payments.provider,
    // read-your-writes for the stock and coupon screens, as for the order's own events
    releaseOrderResources: async (orderId) => {
      await waitFor(await deps.releaseOrderResources({ store, clock, db, payments, log, processes: deps.processes }, orderId));
    },
  };
}

/** Inside the /api plugin. */
export function registerOrderApi(api: FastifyInstance, deps: OrderModuleDeps): void {
  const orders = services(deps, api);
  // the simulated carrier runs as fast as the demo merchant ships, so tracking shows soon after shipping in the demo
  registerOrderRoutes(api, orders, carrierHourMs(deps.demoMerchantShipAfterMs ?? 0));
  deps.scheduler.registerDeadlineHandler('auto-confirm', autoConfirmReceipt(orders));
  deps.scheduler.registerDeadlineHandler('fail-collage', failCollageAtDeadline(orders));
  deps.processes.register('collage', (streamId) => resumeCollage(orders, streamId));
  deps.processes.register('order', (streamId) => resumeOrderClose(orders, streamId));
  deps.hub.allow('collage', anyShopper);
  deps.hub.pushFrom(collagePushes(deps.store, deps.clock));

  const pollMs = deps.orderPollMs ?? 1000;
  const passes = [createOrderNoticePublisher(orders, pollMs)];
  if ((deps.demoMerchantShipAfterMs ?? 0) > 0) passes.push(createDemoMerchant(orders, deps.demoMerchantShipAfterMs ?? 0, pollMs));
  for (const pass of passes) pass.start();
  api.addHook('onClose', async () => {
    await Promise.all(passes.map((pass) => pass.stop()));
  });
}

/** Inside the /internal plugin (the ops token guard is already on it). */
export function registerOrderInternal(internal: FastifyInstance, deps: OrderModuleDeps): void {
  registerInternalOrderRoutes(internal, services(deps, internal));
}
