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
    expect(await orderState(CHECKED_OUT_ORDER)).toBe(1); // the checkout's order, left unpaid
    expect(await orderState(GOLDEN.leaderOrder)).toBe(2); // the group succeeded: 待发货
  });

  it('folds the group buy to its success with both members paid', async () => {
    const events = await server.runtime.store.readStream(`collage-${GOLDEN.collage}`);
    expect(events.map((e) => e.type)).toEqual(['CollageOpened', 'CollageMemberPaid', 'CollageMemberJoined', 'CollageMemberPaid', 'CollageSucceeded']);
  });

  it('projects the shopper\'s cart, favourites, coupons, question, review and address', async () => {
    const get = async <T>(path: string) => (await call<T>(server, 'GET', path, { token })).body.data;
    type Page<T> = { list: T[]; total: number };
    expect(await get<unknown[]>('/api/cart/getCart')).toEqual([]); // its one line went to the checkout
    const shops = await get<Page<{ shopId: number }>>('/api/collect/getAllShop?page=1&pageSize=10');
    expect({ total: shops.total, shopId: shops.list[0]?.shopId }).toEqual({ total: 1, shopId: 1 });
    expect(await get<unknown[]>('/api/coupon/getCoupons')).toHaveLength(1);
    const questions = await get<Page<{ productId: number; problem: string }>>('/api/user/getSelfProblems?page=1&pageSize=10');
    expect(questions.list.map((q) => [q.productId, q.problem])).toEqual([[1001, '这款支持七天无理由退货吗？']]);
    const reviews = await get<Page<{ star: number; comment: string; addComment: string }>>('/api/comment/getProductAll?productId=110&page=1&pageSize=10');
    expect(reviews.list.map((r) => [r.star, r.comment, r.addComment])).toEqual([[5, '很合脚，跑步很轻松', '穿了一个月，依然好穿']]);
    const addresses = await get<Page<{ receiveName: string; ifDefault: number }>>('/api/receive/getAll');
    expect(addresses.list.map((a) => [a.receiveName, a.ifDefault])).toEqual([['王五', 1]]);
    const footprints = await get<Page<unknown>>('/api/footprint/getAll?page=1&pageSize=10');
    expect(JSON.stringify(footprints)).toContain('"productId":1001');
  });

  it('projects the after-sale refunded, with its refund', async () => {
    const afterSale = log.find((e) => e.type === 'AfterSaleSubmitted')!;
    const { afterId } = afterSale.data as { afterId: number };
    const { data } = (await call<Detail>(server, 'GET', `/api/after/getById?afterId=${afterId}`, { token })).body;
    expect({ orderId: data.orderId, afterState: data.afterState, price: data.price }).toEqual({ orderId: GOLDEN.refunded, afterState: 4, price: 598 });
  });

  it('answers the audit of every golden order with a clean chain and the folded state', async () => {
    for (const orderId of [GOLDEN.completed, GOLDEN.cancelled, GOLDEN.paid, GOLDEN.refunded, GOLDEN.unpaid, GOLDEN.leaderOrder, CHECKED_OUT_ORDER]) {
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
/** The order the day's checkout placed (the first id the order-id sequence draws). */
const CHECKED_OUT_ORDER = 10001;

/**
 * Event types the golden day (tests/golden/golden-day.ts) does not play yet: failed group buys, activity quotas,
 * coupons used and released, the cart's and the after-sale's other paths, checkouts that fail or are abandoned,
 * payments that fail or close, deletions, unlikes, answers, users registering (the day's shopper has a session). Recording them is open work (issue 31 §1); until then their schemas are held by the snapshot test alone
 * (tests/unit/events). Shrink this list as the day grows.
 */
const NOT_YET_RECORDED = [
  'ActivityQuotaReleased', 'ActivityQuotaReserved', 'AddressRemoved', 'AddressUpdated',
  'AfterSaleApplicationWithdrawn', 'AfterSaleAutoClosed', 'AfterSalePlatformInterventionRequested',
  'AfterSalePlatformRuledForMerchant', 'AfterSalePlatformRuledForShopper', 'AfterSaleRefundFailed',
  'AfterSaleRefundRetried', 'AfterSaleRejected', 'AfterSaleReturnReceived', 'AfterSaleReturnRefused',
  'AfterSaleReturnShipped', 'AfterSaleReturnWithdrawn', 'AnswerDeleted', 'CartBoughtAgain', 'CartCleared',
  'CartInvalidLinesCleared', 'CartLineNumberChanged', 'CartLinesRemoved', 'CartLinesSelected', 'CartLinesUnselected',
  'CheckoutAbandoned', 'CheckoutFailed', 'CheckoutPaymentRequested', 'CollageFailed', 'CollageMemberLeft',
  'CouponOrderReleased', 'CouponReleased', 'CouponUsed', 'FootprintsDeleted', 'NoticesRead', 'NoticesRemoved',
  'OrderDeleted', 'OrderRefundedInFull', 'PaymentClosed', 'PaymentFailed', 'ProductCollected', 'ProductShelved',
  'ProductUncollected', 'QuestionAnswered', 'QuestionDeleted', 'RefundFailed', 'ReviewUnliked', 'ShopEnabled',
  'ShopUncollected', 'StockReleased',
  // recorded before the unpaid holdings stream existed (issue 29): the next recording of the golden day holds them
  'UnpaidOrderReleased', 'UnpaidOrdersHeld',
  'UserPhoneChanged', 'UserProfileUpdated', 'UserRegistered',
];
