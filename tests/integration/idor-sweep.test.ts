/**
 * The IDOR sweep, generated from the route table (issue 13): every route declaring `config.owns: '<kind>'`
 * (services/api/route-table.ts) is called by a second shopper with the id of the owner's resource of that kind. It must
 * answer exactly what it answers for an id that does not exist (the route's own "not found") and append no event.
 * Which routes are swept comes from Fastify's onRoute hook, not from a list here: a route that takes an id and
 * declares neither a kind nor `owns: { none: reason }` fails the first test, a declared kind without an owner's
 * resource here fails the sweep.
 */
import { Errors } from '../../domain/shared/errors';
import type { OrderLine } from '../../domain/order/order.events';
import { recordFootprint } from '../../services/api/footprint/record-footprint';
import { idFieldsOf, OWNED_ID_FIELDS, ownedKindsOf, routeTableOf, type OwnedKind, type RouteEntry } from '../../services/api/route-table';
import { startTestServer, type TestServer } from '../support/test-server';
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { givenShopper, type Shopper } from './engagement.fixtures';
import { call, eventually, payOrder, placeOrder, shipDirectly } from './orders.support';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const MISSING_ID = 987_654_321;
const SHIPPED_ORDER = 880_001;
const RECEIVED_ORDER = 880_002;

let server: TestServer;
let owner: Shopper;
let intruder: Shopper;
let intruderAddress = 0;
const owned = {} as Record<OwnedKind, number | string>;

/** What "not found" answers look like: the catalogue's *NotFound entries, and a wallet's 优惠券不可用. */
const NOT_FOUND_CODES = new Set<string>(Object.entries(Errors)
  .filter(([name]) => name.endsWith('NotFound') || name === 'couponUnavailable').map(([, e]) => e.code));

const cup: OrderLine = {
  skuId: ids.sku.cupRed, productId: ids.cup, productName: '结算测试杯', image: '/images/product/cup.svg', values: ['红色'],
  number: 2, price: 2000, discount: 0,
};

/** A route's answer without its data. */
const verdict = (answer: { status: number; body: { code: string; message: string } }) =>
  ({ status: answer.status, code: answer.body.code, message: answer.body.message });

/**
 * The events a request could have caused: the order-notice process publishes the fixture orders' notices on its own
 * (actor system, `notice-` streams) whenever it gets to them, which is nobody's request.
 */
const eventLog = async () => (await server.runtime.db.query<{ n: number; last: string | null }>(
  `select count(*)::int as n, max(global_position)::text as last from events
    where not (stream_id like 'notice-%' and metadata->'actor'->>'kind' = 'system')`)).rows[0];

const orderOf = (afterId: number | string) => (afterId === MISSING_ID ? MISSING_ID : SHIPPED_ORDER);

/**
 * The rest of a request a route needs besides the owned id, by URL (or `URL#kind` for a route naming several kinds;
 * `GET URL…` where the GET and POST of one URL differ), only where the id alone is not a valid request.
 */
const REQUEST_SHAPES: Record<string, (id: number | string) => Record<string, unknown>> = {
  '/api/order/getSettlement#couponClaim': (id) => ({
    type: 2, ifWork: 0, shops: [{ shopId: ids.shop, id, skus: [{ skuId: ids.sku.cupRed, number: 2, selected: 1 }] }],
  }),
  '/api/order/submit#couponClaim': (id) => ({
    receiveId: intruderAddress, paymentMode: 1, remark: '', shops: [{ shopId: ids.shop, id, skus: [{ skuId: ids.sku.cupRed, number: 2, selected: 1 }] }],
  }),
  '/api/after/submit': (orderId) => ({
    orderId, afterType: 1, goodsState: 1, returnReason: '多拍/拍错/不想要', explain: '', image: '', skus: [{ skuId: ids.sku.cupRed, number: 1 }],
  }),
  '/api/order/addComment': (orderId) => ({
    params: [{ orderId, productId: ids.cup, skuId: ids.sku.cupRed, comment: '杯子很好用', star: 5, impression: '', image: '' }],
  }),
  '/api/order/addToComment': (commentId) => ({ params: [{ commentId, comment: '用了一个月，依然很好', image: '' }] }),
  '/api/receive/update': (receiveId) => ({
    receiveId, receiveName: '旁人', receivePhone: '13912345678', receiveAdress: '湖北省-武汉市-武昌区', address: '中山路 9 号', label: '家', defult: 'false',
  }),
  '/api/order/getSettlement': (receiveId) => ({
    type: 2, ifWork: 0, receiveId, shops: [{ shopId: ids.shop, skus: [{ skuId: ids.sku.cupRed, number: 1, selected: 1 }] }],
  }),
  '/api/order/submit': (receiveId) => ({
    receiveId, paymentMode: 1, remark: '', shops: [{ shopId: ids.shop, skus: [{ skuId: ids.sku.cupRed, number: 1, selected: 1 }] }],
  }),
  // the coupons an order being placed may use: the settlement's request (GET: its query, shops as JSON)
  'GET /api/order/getOrderCoupons#couponClaim': (id) => ({
    type: 2, ifWork: 0, shops: JSON.stringify([{ shopId: ids.shop, id, skus: [{ skuId: ids.sku.cupRed, number: 2, selected: 1 }] }]),
  }),
  'GET /api/order/getOrderCoupons': (receiveId) => ({
    type: 2, ifWork: 0, receiveId, shops: JSON.stringify([{ shopId: ids.shop, skus: [{ skuId: ids.sku.cupRed, number: 1, selected: 1 }] }]),
  }),
  '/api/order/getOrderCoupons#couponClaim': (id) => ({
    type: 2, ifWork: 0, shops: [{ shopId: ids.shop, id, skus: [{ skuId: ids.sku.cupRed, number: 2, selected: 1 }] }],
  }),
  '/api/order/getOrderCoupons': (receiveId) => ({
    type: 2, ifWork: 0, receiveId, shops: [{ shopId: ids.shop, skus: [{ skuId: ids.sku.cupRed, number: 1, selected: 1 }] }],
  }),
  '/api/work/getSettlement': (receiveId) => ({
    receiveId, shopId: ids.otherShop, productId: ids.group, skuId: ids.sku.group, number: 1, type: 1, shopGroupWorkId: ids.groupWork,
  }),
  // the after-sale routes name the after-sale and its order
  '/api/after/returnRefund': (afterId) => ({ afterId, orderId: orderOf(afterId) }),
  '/api/after/returnGoods': (afterId) => ({ afterId, orderId: orderOf(afterId) }),
  '/api/after/platform': (afterId) => ({ afterId, orderId: orderOf(afterId), reason: '商家不处理', image: '' }),
  '/api/order/returnExpress': (afterId) => ({ afterId, orderId: orderOf(afterId), express: 1, deliverFormid: '123456789012' }),
};

/** The request that names `id` as the route's owned resource: the kind's field, else `ids: [id]`. */
function requestFor(route: RouteEntry, kind: OwnedKind, id: number | string): Record<string, unknown> {
  const get = methodOf(route) === 'GET' ? 'GET ' : '';
  const shape = REQUEST_SHAPES[`${get}${route.url}#${kind}`] ?? REQUEST_SHAPES[`${get}${route.url}`]
    ?? REQUEST_SHAPES[`${route.url}#${kind}`] ?? REQUEST_SHAPES[route.url];
  if (shape) return shape(id);
  const field = OWNED_ID_FIELDS[kind];
  const fields = idFieldsOf(route);
  if (!fields.includes(field) && fields.includes('ids')) return { ids: [id] };
  return { [field]: id };
}

const methodOf = (route: RouteEntry) => (route.methods.includes('POST') ? 'POST' : route.methods[0]);

async function callAs(shopper: Shopper, route: RouteEntry, request: Record<string, unknown>) {
  const method = methodOf(route);
  if (method === 'GET') {
    const query = new URLSearchParams(Object.entries(request).map(([k, v]) => [k, String(v)]));
    return call(server, 'GET', `${route.url}?${query}`, { token: shopper.token });
  }
  return call(server, method, route.url, { token: shopper.token, body: request });
}

const apiRoutes = () => routeTableOf(server.app).filter((r) => r.url.startsWith('/api/'));
/** Each route once per kind of owned resource it names. */
const sweptRoutes = () => apiRoutes().flatMap((route) => ownedKindsOf(route).map((kind) => ({ route, kind })));

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
  owner = await givenShopper(server, 8801, '物主');
  intruder = await givenShopper(server, 8802, '旁人');
  const asker = await givenShopper(server, 8803, '提问的人');
  const as = (who: Shopper, method: string, path: string, body?: unknown) => call<Record<string, unknown>>(server, method, path, { token: who.token, body });
  const must = <T>(answer: { body: { code: string; message: string; data: T } }, what: string): T => {
    if (answer.body.code !== '200') throw new Error(`fixture ${what}: ${answer.body.code} ${answer.body.message}`);
    return answer.body.data;
  };

  await placeOrder(server, SHIPPED_ORDER, { userId: owner.userId, shopId: ids.shop, lines: [cup] });
  await payOrder(server, SHIPPED_ORDER);
  await shipDirectly(server, SHIPPED_ORDER);
  owned.order = SHIPPED_ORDER;
  owned.payment = `PT${SHIPPED_ORDER}`;

  const afterSale = must(await as(owner, 'POST', '/api/after/submit', REQUEST_SHAPES['/api/after/submit'](SHIPPED_ORDER)), 'after-sale');
  owned.afterSale = Number(afterSale.afterId);
  owned.message = await eventually(async () => {
    const { rows } = await server.runtime.db.query<{ notice_id: string }>('select notice_id from notices where user_id = $1 limit 1', [owner.userId]);
    return rows[0] ? Number(rows[0].notice_id) : null;
  });

  const addressOf = async (who: Shopper) => {
    must(await as(who, 'POST', '/api/receive/save', {
      receiveName: who.name, receivePhone: '13912345678', receiveAdress: '湖北省-武汉市-武昌区', address: '中山路 8 号', label: '家', defult: 'true',
    }), 'address');
    return Number(must(await as(who, 'GET', '/api/receive/getSelect'), 'selected address').receiveId);
  };
  owned.address = await addressOf(owner);
  intruderAddress = await addressOf(intruder);
  must(await as(owner, 'POST', '/api/coupon/takeCoupon', { shopCouponId: ids.shopCoupon.tenOff }), 'coupon');
  const offered = must(await as(owner, 'POST', '/api/order/getSettlement', REQUEST_SHAPES['/api/order/getSettlement#couponClaim'](0)), 'offered coupons');
  owned.couponClaim = Number((offered as { shops: Array<{ shopCoupons: Array<{ id: number }> }> }).shops[0].shopCoupons[0].id);

  owned.problem = Number(must(await as(owner, 'POST', '/api/seckill/addProblem', { productId: ids.cup, problem: '能放进洗碗机吗？' }), 'problem').problemId);
  const asked = must(await as(asker, 'POST', '/api/seckill/addProblem', { productId: ids.cup, problem: '杯子有多重？' }), 'asked');
  owned.answer = Number(must(await as(owner, 'POST', '/api/seckill/addAnswer', { productId: ids.cup, problemId: asked.problemId, answer: '很轻' }), 'answer').answerId);

  owned.collect = Number(must(await as(owner, 'POST', '/api/collect/collect', { productId: ids.cup }), 'collect').collectId);

  const viewed = await recordFootprint({ store: server.runtime.store, clock: () => NOW }, owner.userId, { productId: ids.cup, shopId: ids.shop, skuId: ids.sku.cupRed });
  await server.runtime.projections.waitFor(viewed);
  owned.footprint = await eventually(async () => {
    const { rows } = await server.runtime.db.query<{ footprint_id: string }>('select footprint_id from footprints where user_id = $1', [owner.userId]);
    return rows[0] ? Number(rows[0].footprint_id) : null;
  });

  await placeOrder(server, RECEIVED_ORDER, { userId: owner.userId, shopId: ids.shop, lines: [cup] });
  await payOrder(server, RECEIVED_ORDER);
  await shipDirectly(server, RECEIVED_ORDER);
  must(await as(owner, 'POST', '/api/order/confirm', { orderId: RECEIVED_ORDER }), 'receipt');
  const reviewed = must(await as(owner, 'POST', '/api/order/addComment', REQUEST_SHAPES['/api/order/addComment'](RECEIVED_ORDER)), 'review');
  owned.review = Number((reviewed as { commentIds: number[] }).commentIds[0]);
}, 240_000);
afterAll(async () => server?.stop());

describe('the route table', () => {
  it('every route that takes an id or writes for a signed-in shopper declares what it owns', () => {
    const undeclared = apiRoutes()
      .filter((r) => r.config.auth === 'required' || r.config.auth === 'optional')
      .filter((r) => idFieldsOf(r).length > 0 || (!r.schema && r.methods.some((m) => m !== 'GET' && m !== 'HEAD')))
      .filter((r) => r.config.owns === undefined)
      .map((r) => `${r.methods.join(',')} ${r.url} (${idFieldsOf(r).join(', ') || 'no schema'})`);
    expect(undeclared).toEqual([]);
  });

  it('a reason is given for every route that owns nothing', () => {
    const unexplained = apiRoutes().filter((r) => {
      const owns = r.config.owns;
      return typeof owns === 'object' && !Array.isArray(owns) && !(owns as { none: string }).none?.trim();
    });
    expect(unexplained).toEqual([]);
  });

  it('has an owner\'s resource for every kind a route declares', () => {
    const kinds = [...new Set(sweptRoutes().map((swept) => swept.kind))];
    expect(kinds.filter((k) => owned[k] === undefined)).toEqual([]);
  });
});

describe('a second shopper naming the owner\'s resource', () => {
  it('gets each route\'s own "not found" and records nothing', async () => {
    const routes = sweptRoutes();
    const failures: string[] = [];
    for (const { route, kind } of routes) {
      const name = `${route.methods.join(',')} ${route.url} (${kind})`;
      const beforeMissing = await eventLog();
      const missing = verdict(await callAs(intruder, route, requestFor(route, kind, MISSING_ID)));
      // a delete over the caller's own list may answer a missing id with success, as long as it records nothing
      const quietSuccess = missing.code === '200' && JSON.stringify(await eventLog()) === JSON.stringify(beforeMissing);
      if (!NOT_FOUND_CODES.has(missing.code) && !quietSuccess) {
        failures.push(`${name}: a missing id answers ${missing.code} ${missing.message}, not a "not found": the probe never reached the lookup`);
        continue;
      }
      const before = await eventLog();
      const intruding = verdict(await callAs(intruder, route, requestFor(route, kind, owned[kind])));
      const after = await eventLog();
      if (JSON.stringify(intruding) !== JSON.stringify(missing)) {
        failures.push(`${name}: answers ${JSON.stringify(intruding)} for the owner's id, ${JSON.stringify(missing)} for a missing one`);
      }
      if (after.n !== before.n || after.last !== before.last) {
        const { rows } = await server.runtime.db.query<{ stream_id: string; type: string; actor: string }>(
          `select stream_id, type, metadata->'actor'->>'kind' || ':' || coalesce(metadata->'actor'->>'id', '') as actor
             from events where global_position > $1::bigint
              and not (stream_id like 'notice-%' and metadata->'actor'->>'kind' = 'system') order by global_position`, [before.last ?? '0']);
        failures.push(`${name}: appended ${after.n - before.n} event(s): ${rows.map((r) => `${r.stream_id} ${r.type} (${r.actor})`).join(', ')}`);
      }
    }
    const distinct = new Set(routes.map((swept) => swept.route)).size;
    console.log(`IDOR sweep: ${distinct} routes swept, ${routes.length} route × kind probes, ${new Set(routes.map((swept) => swept.kind)).size} kinds of owned resource`);
    expect(failures).toEqual([]);
    expect(distinct).toBeGreaterThanOrEqual(25);
  });

  it('the owner is not told "not found" by the read routes (the probes name real resources)', async () => {
    const reads = sweptRoutes().filter((swept) => swept.route.methods.every((m) => m === 'GET'));
    const notFound = [];
    for (const { route, kind } of reads) {
      const answer = verdict(await callAs(owner, route, requestFor(route, kind, owned[kind])));
      if (answer.status !== 200 || NOT_FOUND_CODES.has(answer.code)) notFound.push({ route: route.url, ...answer });
    }
    expect(notFound).toEqual([]);
    expect(reads.length).toBeGreaterThan(5);
  });
});

describe('the ops and merchant routes (/internal, from the route table: issue 29)', () => {
  it('refuse a shopper\'s token naming the owner\'s resources with 403 and record nothing', async () => {
    const internal = routeTableOf(server.app).filter((r) => r.url.startsWith('/internal/'));
    const failures: string[] = [];
    for (const route of internal) {
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        const url = route.url.replace(/:orderId/g, String(RECEIVED_ORDER)).replace(/:afterId/g, String(owned.afterSale ?? MISSING_ID))
          .replace(/:name/g, 'orders').replace(/:verb/g, 'agree').replace(/:[A-Za-z]+/g, '1');
        const before = await eventLog();
        const answer = await call(server, method, method === 'GET' ? `${url}?orderId=${RECEIVED_ORDER}` : url,
          { token: intruder.token, ...(method === 'GET' ? {} : { body: {} }) });
        const after = await eventLog();
        if (answer.status !== 403) failures.push(`${method} ${route.url}: HTTP ${answer.status} ${answer.body.code}`);
        if (after.n !== before.n) failures.push(`${method} ${route.url}: appended ${after.n - before.n} event(s)`);
      }
    }
    expect(failures).toEqual([]);
    expect(internal.map((r) => r.url)).toEqual(expect.arrayContaining(['/internal/payments/reconcile', '/internal/audit/key']));
  });
});
