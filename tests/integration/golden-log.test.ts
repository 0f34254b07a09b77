/**
 * Issue 31 §1: the golden event log (tests/golden/golden-log.jsonl, recorded by tests/golden/record-golden-log.ts)
 * loaded into a fresh PGlite store exactly as stored, folded and projected by a real server, must give the answers
 * written down below; the audit replays its orders with a clean hash chain. A later change to an event's schema keeps
 * this passing only through a version bump and an upcaster (services/event-store/upcasting/event-versions.ts).
 */
import { auditOrder } from '../../services/audit/order-audit';
import { openDatabase, type Database } from '../../services/db/database';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { eventDataSchemas } from '../../services/event-store/upcasting/event-schemas';
import { upcast } from '../../services/event-store/upcasting/event-versions';
import { openFreshPGlite } from '../support/pglite-snapshot';
import { startTestServer, type TestServer } from '../support/test-server';
import { call, tokenFor } from './orders.support';
import type { Detail, OrderDetail } from './after-sale.support';
import { appendGoldenLog, readGoldenLog, type GoldenEvent } from '../golden/golden-log';
import { GOLDEN } from '../golden/golden-day';
import type { PGlite } from '@electric-sql/pglite';

const log: GoldenEvent[] = readGoldenLog();
/** Where the golden day ended: the server reads the log at that time, so no deadline has passed in between. */
const END = new Date(log[log.length - 1].metadata.occurredAt);

let pglite: PGlite;
let db: Database;
let server: TestServer;
let token: string;

beforeAll(async () => {
  pglite = await openFreshPGlite();
  db = await openDatabase({ kind: 'pglite', instance: pglite });
  const store = await createPostgresEventStore(db);
  const written = await appendGoldenLog(store, log);
  server = await startTestServer({ web: false, pglite, clock: () => END });
  if (!(await server.runtime.projections.waitFor(written, { timeoutMs: 60_000 }))) throw new Error('the golden log was not projected in time');
  token = await tokenFor(server, GOLDEN.shopper);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await db?.close();
  await pglite?.close();
});

const orderState = async (orderId: number) =>
  (await call<OrderDetail>(server, 'GET', `/api/order/getById?orderId=${orderId}`, { token })).body.data.state;

describe('the golden event log', () => {
  it('loads as recorded: every stored event at a version this build reads (upcast where older)', () => {
    expect(log.length).toBeGreaterThan(300);
    for (const event of log) {
      const read = upcast({ ...event, position: { commit: 0n, prepare: 0n }, recordedAt: event.metadata.occurredAt });
      const schema = eventDataSchemas[event.type];
      if (schema) expect({ type: event.type, ok: schema.safeParse(read.data).success }).toEqual({ type: event.type, ok: true });
    }
  });

  it('folds each order to the state the day left it in', async () => {
    expect(await orderState(GOLDEN.completed)).toBe(4); // 已完成
    expect(await orderState(GOLDEN.cancelled)).toBe(5); // 已关闭
    expect(await orderState(GOLDEN.paid)).toBe(2); // 待发货
    expect(await orderState(GOLDEN.unpaid)).toBe(1); // 待付款
    expect(await orderState(GOLDEN.refunded)).toBe(REFUNDED_ORDER_STATE);
  });

  it('projects the after-sale refunded, with its refund', async () => {
    const afterSale = log.find((e) => e.type === 'AfterSaleSubmitted')!;
    const { afterId } = afterSale.data as { afterId: number };
    const { data } = (await call<Detail>(server, 'GET', `/api/after/getById?afterId=${afterId}`, { token })).body;
    expect({ orderId: data.orderId, afterState: data.afterState, price: data.price }).toEqual({ orderId: GOLDEN.refunded, afterState: 4, price: 598 });
  });

  it('answers the audit of every golden order with a clean chain and the folded state', async () => {
    for (const orderId of [GOLDEN.completed, GOLDEN.cancelled, GOLDEN.paid, GOLDEN.refunded, GOLDEN.unpaid]) {
      const audit = await auditOrder({ store: server.runtime.store, db: server.runtime.db }, orderId);
      expect({ orderId, problems: audit?.chainProblems, tampered: audit?.entries.filter((e) => e.tampered) }).toEqual({ orderId, problems: [], tampered: [] });
    }
    expect(await server.runtime.store.verifyChain()).toEqual([]);
  });

  it('covers the event types it records, and lists the ones the golden day does not play yet', () => {
    const present = new Set(log.map((e) => e.type));
    // the seed's own bookkeeping event (seed-demo.ts) is no domain event: it has no schema to evolve
    expect([...present].filter((type) => !eventDataSchemas[type])).toEqual(['DemoSeeded']);
    expect(Object.keys(eventDataSchemas).filter((type) => !present.has(type)).sort()).toEqual(NOT_YET_RECORDED);
  });
});

/** A refund of some lines leaves the order 待收货 (3): it closes only when every line is refunded. */
const REFUNDED_ORDER_STATE = 3;

/**
 * Event types the golden day (tests/golden/golden-day.ts) does not play yet: carts, checkouts, group buys, reviews,
 * Q&A, collects, footprints, addresses, users, coupons claimed and used, stock reservations, the after-sale's other
 * paths. Recording them is open work (issue 31 §1); until then their schemas are held by the snapshot test alone
 * (tests/unit/events). Shrink this list as the day grows.
 */
const NOT_YET_RECORDED = [
  'ActivityQuotaReleased', 'ActivityQuotaReserved', 'AddressAdded', 'AddressRemoved', 'AddressUpdated',
  'AfterSaleApplicationWithdrawn', 'AfterSaleAutoClosed', 'AfterSalePlatformInterventionRequested',
  'AfterSalePlatformRuledForMerchant', 'AfterSalePlatformRuledForShopper', 'AfterSaleRefundFailed',
  'AfterSaleRefundRetried', 'AfterSaleRejected', 'AfterSaleReturnReceived', 'AfterSaleReturnRefused',
  'AfterSaleReturnShipped', 'AfterSaleReturnWithdrawn', 'AnswerDeleted', 'CartBoughtAgain', 'CartCleared',
  'CartInvalidLinesCleared', 'CartLineAdded', 'CartLineNumberChanged', 'CartLinesCheckedOut', 'CartLinesRemoved',
  'CartLinesSelected', 'CartLinesUnselected', 'CheckoutAbandoned', 'CheckoutCommitted', 'CheckoutCompleted',
  'CheckoutFailed', 'CheckoutPaymentRequested', 'CheckoutStarted', 'CollageFailed', 'CollageMemberJoined',
  'CollageMemberLeft', 'CollageMemberPaid', 'CollageOpened', 'CollageSucceeded', 'CouponClaimed',
  'CouponOrderReleased', 'CouponReleased', 'CouponUsed', 'FootprintsDeleted', 'LineReviewed', 'NoticesRead',
  'NoticesRemoved', 'OrderDeleted', 'OrderGroupSucceeded', 'OrderRefundedInFull', 'PaymentClosed', 'PaymentFailed',
  'ProductCollected', 'ProductShelved', 'ProductUncollected', 'ProductViewed', 'QuestionAnswered', 'QuestionAsked',
  'QuestionDeleted', 'RefundFailed', 'ReviewAppended', 'ReviewLiked', 'ReviewUnliked', 'ShopCollected',
  'ShopEnabled', 'ShopUncollected', 'StockReleased', 'StockReserved', 'UserPhoneChanged', 'UserProfileUpdated',
  'UserRegistered',
];
