/**
 * The app's dependencies taken from an open runtime: one wiring for `npm start` (services/main.ts), the test server
 * and the bench servers, so they all serve the same product. What differs between them comes in `extra`.
 */
import type { AppDeps } from './api/app';
import { isProduction, smsLimitsOf, unpaidOrderLimitsOf } from './config';
import { projectionOpsOf } from './ops/projection-ops';
import type { Runtime } from './runtime';

export type AppDepsExtra = Pick<AppDeps, 'opsToken'> & Partial<Pick<AppDeps,
  'webDist' | 'logger' | 'requestLogging' | 'demoMerchantShipAfterMs' | 'demoMerchantAfterSaleAfterMs'>> & { feedKind?: 'catch-up' | 'kafka' };

export function runtimeAppDeps(runtime: Runtime, extra: AppDepsExtra): AppDeps {
  const { feedKind: _feedKind, ...rest } = extra; // the feed reports its own kind in health
  return {
    db: runtime.db,
    store: runtime.store,
    sessions: runtime.sessions,
    waitFor: runtime.projections.waitFor,
    hub: runtime.hub,
    health: { storeKind: runtime.storeKind, paymentProvider: runtime.payments.providerName, feed: () => runtime.projections.health() },
    projectionOps: projectionOpsOf(runtime.projections),
    clock: runtime.clock,
    payments: runtime.payments,
    scheduler: runtime.scheduler,
    processes: runtime.processes,
    blobs: runtime.blobs,
    readModelChanges: runtime.projections,
    eventsDb: runtime.eventsDb,
    anchorKey: runtime.anchorKey,
    readYourWritesTimeoutMs: runtime.config.READ_YOUR_WRITES_TIMEOUT_MS,
    checkoutDeadlineMs: runtime.config.CHECKOUT_DEADLINE_MS,
    publicBaseUrl: runtime.config.PUBLIC_BASE_URL,
    trustProxy: runtime.config.TRUST_PROXY,
    smsLimits: smsLimitsOf(runtime.config),
    unpaidOrderLimits: unpaidOrderLimitsOf(runtime.config),
    afterSaleWindowDays: runtime.config.AFTER_SALE_WINDOW_DAYS,
    apiReferencePage: !isProduction(runtime.config),
    ...rest,
  };
}
