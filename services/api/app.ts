/**
 * The Fastify app, built apart from `listen` so tests inject requests (DESIGN.md §8). Every /api route answers the
 * `{code, message, data}` envelope; one error handler; zod validates input at the edge.
 */
import { installHttpTracing } from '../tracing/http-tracing';
import { installHttpMetrics } from '../metrics/http-metrics';
import { registerMetricsRoute } from '../metrics/metrics-route';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { numbersReadAsDecimalText } from './edge/decimal';
import type { SmsLimits, UnpaidOrderLimits } from '../config';
import type { Database } from '../db/database';
import type { EventStore } from '../event-store/event-store.port';
import type { SessionStore } from '../identity/session-store';
import type { WaitFor } from '../../projections/runner/wait-for';
import type { RealtimeHub } from '../realtime/hub';
import { registerWebsocketRoute } from '../realtime/ws.route';
import { websocketErrorHandler } from '../realtime/ws-errors';
import { startPushFeed, type PushFeed } from '../realtime/push-feed';
import { installAuth } from './auth';
import { installReadYourWrites, rememberingWaitFor, sessionCatchUp } from './read-your-writes';
import { streamDecisions } from './stream-decisions';
import { registerCatalogRoutes } from './catalog/catalog.routes';
import { installErrorHandling } from './error-handler';
import { refuseDeepJson } from './edge/json-depth';
import { refuseMalformedUrl, refuseUnstorableText } from './edge/storable-text';
import { installSecurityHeaders } from './edge/security-headers';
import { installOpenApi, registerOpenApiRoutes } from './openapi/openapi';
import { healthCheck, type HealthSources } from './health/health-report';
import { registerHealthRoutes, registerInternalHealthRoute } from './health/health.route';
import { registerImageRoutes } from './images/image.routes';
import { guardWithOpsToken } from './internal/ops-guard';
import { registerProjectionOpsRoutes, type ProjectionOps } from './internal/projections.routes';
import { registerSeedRoutes } from './internal/seed.routes';
import { registerIdentityApi, registerIdentityInternal } from './identity/identity.module';
import { registerNoticeRoutes } from './notice/notice.routes';
import { registerPayRoutes } from './pay/pay.module';
import type { Payments } from '../payments/payments';
import type { Scheduler } from '../scheduler/scheduler';
import type { ProcessResumer } from '../processes/process-resumer';
import { registerDetailApi } from './product/detail.module';
import { registerQaRoutes } from './qa/qa.routes';
import { registerCommentRoutes } from './comment/comment.routes';
import { registerReviewApi } from './comment/review.routes';
import { registerFootprintRoutes } from './footprint/footprint.routes';
import { registerJsonCompression } from './compression';
import { installRouteTable } from './route-table';
import { registerStorefront } from './static';
import { registerCartApi } from './cart/cart.module';
import { registerAddressApi } from './address/address.module';
import { registerOrderApi, registerOrderInternal } from './order/order.module';
import { releaseOrderResources } from '../checkout/release-order-resources';
import { registerCheckoutApi } from './checkout/checkout.module';
import { registerGroupInviteRoutes } from './group-buy/group-invite.routes';
import { registerAuditRoutes } from './internal/audit.routes';
import { registerPaymentsInternalRoutes } from './internal/payments.routes';
import type { AnchorPublicKey } from '../audit/anchor-signing-key';
import { registerAfterSaleApi, registerAfterSaleInternal } from './after-sale/after-sale.module';
import type { ReadModelChanges } from '../read-cache/read-model-cache';
import type { BlobStore } from '../uploads/blob-store.port';
import { registerUploadRoutes } from './uploads/upload.routes';

export interface AppDeps {
  db: Database;
  store: EventStore;
  sessions: SessionStore;
  /** Read-your-writes: after a command appended, wait until the projections serving the next screen applied it. */
  waitFor: WaitFor;
  hub: RealtimeHub;
  health: Omit<HealthSources, 'store'>;
  projectionOps: ProjectionOps;
  opsToken: string;
  clock: () => Date;
  /** WeChat Pay port + callback handler registry (runtime.payments). */
  payments: Payments;
  /** Durable deadlines: register a handler per kind (runtime.scheduler). */
  scheduler: Scheduler;
  /** The one resumer of unfinished processes (runtime.processes): each slice registers its process kinds. */
  processes: ProcessResumer;
  /** Uploaded pictures (services/uploads); picture URLs in requests are checked against it (issued-images.ts). */
  blobs: BlobStore;
  /** Built storefront to serve; omitted in API-only tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** One log line per request (debug and trace levels); off by default to keep the console readable. */
  requestLogging?: boolean;
  /** The demo merchant ships paid orders this long after payment (DEMO_MERCHANT_SHIP_AFTER_MS); absent or 0: off. */
  demoMerchantShipAfterMs?: number;
  /** The database holding the events table and its chain anchors (null: events in EventStoreDB); default `db`. */
  eventsDb?: Database | null;
  /** The public half of the key signing the chain anchors (runtime.anchorKey): `audit verify` checks them with it. */
  anchorKey?: AnchorPublicKey | null;
  /** The bound of every read-your-writes wait, READ_YOUR_WRITES_TIMEOUT_MS (default 2000). */
  readYourWritesTimeoutMs?: number;
  /** CHECKOUT_DEADLINE_MS: when a started checkout still unfinished is given up (abandon-checkout deadline). */
  checkoutDeadlineMs?: number;
  /** The demo merchant agrees to after-sales and takes in returns this long after (DEMO_MERCHANT_AFTER_SALE_AFTER_MS). */
  demoMerchantAfterSaleAfterMs?: number;
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-For gives the client's address (request.ip); default none. */
  trustProxy?: string;
  /** PUBLIC_BASE_URL: where shoppers reach the shop (links it hands out, e.g. a group invite); else the request's own. */
  publicBaseUrl?: string;
  /** Committed projection batches (runtime.projections): read-model answers are cached until these say otherwise. */
  readModelChanges?: ReadModelChanges;
  /** SMS_* abuse limits (services/config.ts); default: the configuration's defaults. */
  smsLimits?: SmsLimits;
  /** UNPAID_* limits on unpaid orders (services/config.ts); default: the configuration's defaults. */
  unpaidOrderLimits?: UnpaidOrderLimits;
  /** AFTER_SALE_WINDOW_DAYS (services/config.ts); default: the configuration's default. */
  afterSaleWindowDays?: number;
  /** How often open websockets' sessions are looked at again, to end those logged out or expired (default 5000 ms). */
  websocketSessionCheckMs?: number;
  /** The interactive API reference page at /api/docs (dev only; the document /api/openapi.json is always served). */
  apiReferencePage?: boolean;
}

export async function buildApp(given: AppDeps): Promise<FastifyInstance> {
  const timeoutMs = given.readYourWritesTimeoutMs ?? 2000;
  // every slice's waitFor remembers, with the session, writes its wait did not see applied (read-your-writes.ts)
  const deps: AppDeps = { ...given, waitFor: rememberingWaitFor(given.waitFor, timeoutMs) };
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new LogController({ disableRequestLogging: !deps.requestLogging }),
    bodyLimit: 1024 * 1024,
    ...(deps.trustProxy ? { trustProxy: deps.trustProxy.split(',').map((a) => a.trim()) } : {}),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: refuseMalformedUrl,
  });
  installRouteTable(app); // before any route: the IDOR sweep reads what each route declares it owns
  installHttpMetrics(app); // every request by route, method and status class (issue 32)
  installHttpTracing(app); // a server span per request while tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT)
  app.setValidatorCompiler(numbersReadAsDecimalText(validatorCompiler)); // one number rule for every route (edge/decimal.ts)
  app.setSerializerCompiler(serializerCompiler);
  await installOpenApi(app); // before any route: it collects each route's schemas as the route is added
  await installSecurityHeaders(app);

  await registerJsonCompression(app); // before any route: it hooks each route as it is added
  const spaFallback = deps.webDist ? await registerStorefront(app, deps.webDist) : undefined;
  installErrorHandling(app, spaFallback);
  installReadYourWrites(app, deps.sessions);
  const decidedFromStreams = streamDecisions(); // the checkout's fallback while read models lag, told by health
  installAuth(app, deps.sessions, deps.clock, sessionCatchUp({ sessions: deps.sessions, waitFor: given.waitFor, timeoutMs, streamDecisions: decidedFromStreams }));
  refuseDeepJson(app); // before any walk of the body: a 10,000-deep body overflows recursive ones
  refuseUnstorableText(app);

  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, errorHandler: websocketErrorHandler });
  registerWebsocketRoute(app, deps.hub, deps.sessions, deps.clock, { sessionCheckMs: deps.websocketSessionCheckMs });
  derivePushesFromTheLog(app, given);

  const health = healthCheck({ store: deps.store, ...deps.health });
  await app.register(async (api) => {
    registerHealthRoutes(api, health, decidedFromStreams.degraded);
    registerNoticeRoutes(api, deps);
    registerImageRoutes(api);
    await registerUploadRoutes(api, deps.blobs);
    await registerQaRoutes(api, deps);
    registerCommentRoutes(api, deps.db);
    await registerReviewApi(api, deps);
    registerFootprintRoutes(api, deps);
    registerCatalogRoutes(api, deps.db, deps.readModelChanges ?? null);
    await registerIdentityApi(api, deps);
    await registerDetailApi(api, deps);
    registerCartApi(api, deps);
    await registerAddressApi(api, deps);
    registerOrderApi(api, { ...deps, releaseOrderResources });
    await registerCheckoutApi(api, deps);
    registerGroupInviteRoutes(api, deps);
    await registerAfterSaleApi(api, deps);
  }, { prefix: '/api' });
  await registerOpenApiRoutes(app, deps.apiReferencePage ?? false);

  await app.register(async (internal) => {
    guardWithOpsToken(internal, deps.opsToken);
    registerInternalHealthRoute(internal, health, decidedFromStreams.degraded);
    registerMetricsRoute(internal);
    registerProjectionOpsRoutes(internal, deps.projectionOps);
    registerSeedRoutes(internal, deps.store, deps.clock);
    await registerIdentityInternal(internal, deps.db);
    registerOrderInternal(internal, { ...deps, releaseOrderResources });
    registerAuditRoutes(internal, { ...deps, eventsDb: deps.eventsDb === undefined ? deps.db : deps.eventsDb, anchorKey: deps.anchorKey ?? null });
    registerPaymentsInternalRoutes(internal, { ...deps, eventsDb: deps.eventsDb === undefined ? deps.db : deps.eventsDb });
    await registerAfterSaleInternal(internal, deps);
  }, { prefix: '/internal' });

  await registerPayRoutes(app, deps.payments);

  return app;
}

/**
 * The websocket pushes of this instance (services/realtime/push-feed.ts): read from the log once every slice has
 * registered its push sources, waiting with the plain waitFor (no request to remember writes on).
 */
function derivePushesFromTheLog(app: FastifyInstance, deps: AppDeps): void {
  let feed: PushFeed | null = null;
  app.addHook('onReady', async () => {
    feed = await startPushFeed({
      store: deps.store, hub: deps.hub, waitFor: deps.waitFor, log: app.log,
      onApplied: deps.readModelChanges ? (listener) => deps.readModelChanges!.onApplied(listener) : undefined,
    });
  });
  app.addHook('onClose', async () => feed?.stop());
}
