/**
 * Wires the after-sale slice into the app (two lines in app.ts): the shopper's /api/after routes and
 * /api/order/returnExpress, the `close-after-sale` deadline handler, and — when `demoMerchantAfterSaleAfterMs` > 0 —
 * the demo merchant's after-sale pass, and the refund notify route (/api/pay/wechat/refund-notify). Inside /internal: the merchant and platform routes.
 */
import type { ProcessResumer } from '../../processes/process-resumer';
import { resumeAfterSale } from '../../after-sale/resume-after-sale';
import type { FastifyInstance } from 'fastify';
import type { WaitFor } from '../../../projections/runner/wait-for';
import { createAfterSaleIds } from '../../after-sale/after-sale-ids';
import type { AfterSaleDeps } from '../../after-sale/after-sale-command';
import { closeUnhandledAfterSale } from '../../after-sale/close-after-sale.handler';
import type { Database } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { createDemoAfterSaleMerchant } from '../../merchant/demo-merchant-after-sale';
import type { Payments } from '../../payments/payments';
import type { RealtimeHub } from '../../realtime/hub';
import { afterSalePushes } from '../../after-sale/after-sale-push';
import type { Scheduler } from '../../scheduler/scheduler';
import type { BlobStore } from '../../uploads/blob-store.port';
import { registerInternalAfterSaleRoutes } from '../internal/after-sales.routes';
import { registerAfterSaleRoutes } from './after-sale.routes';
import { registerRefundNotifyRoute } from './refund-notify.route';

export interface AfterSaleModuleDeps {
  db: Database;
  store: EventStore;
  waitFor: WaitFor;
  hub: RealtimeHub;
  clock: () => Date;
  payments: Payments;
  scheduler: Pick<Scheduler, 'registerDeadlineHandler'>;
  processes: Pick<ProcessResumer, 'register'>;
  /** Uploaded pictures: proof images must be ones this server issued. */
  blobs: BlobStore;
  /** The demo merchant agrees to applications and takes in returns this long after they arrive; 0 or absent: off. */
  demoMerchantAfterSaleAfterMs?: number;
  /** How often the demo merchant looks for work (default 1000 ms). */
  orderPollMs?: number;
}

async function services(deps: AfterSaleModuleDeps, app: FastifyInstance): Promise<AfterSaleDeps> {
  const { store, db, waitFor, clock, payments } = deps;
  // the id sequence's migration is recorded once; a second call finds it done
  const ids = await createAfterSaleIds(db);
  return { store, db, waitFor, clock, provider: payments.provider, ids, log: (line) => app.log.warn(line) };
}

/** Inside the /api plugin. */
export async function registerAfterSaleApi(api: FastifyInstance, deps: AfterSaleModuleDeps): Promise<void> {
  const afterSales = await services(deps, api);
  registerAfterSaleRoutes(api, afterSales, deps.blobs);
  await registerRefundNotifyRoute(api, afterSales);
  deps.scheduler.registerDeadlineHandler('close-after-sale', closeUnhandledAfterSale(afterSales));
  deps.processes.register('after-sale', (streamId) => resumeAfterSale(afterSales, streamId));
  deps.hub.pushFrom(afterSalePushes(deps.store));
  const afterMs = deps.demoMerchantAfterSaleAfterMs ?? 0;
  if (afterMs > 0) {
    const pass = createDemoAfterSaleMerchant(afterSales, afterMs, deps.orderPollMs ?? 1000);
    pass.start();
    api.addHook('onClose', async () => pass.stop());
  }
}

/** Inside the /internal plugin (the ops token guard is already on it). */
export async function registerAfterSaleInternal(internal: FastifyInstance, deps: AfterSaleModuleDeps): Promise<void> {
  registerInternalAfterSaleRoutes(internal, await services(deps, internal));
}
