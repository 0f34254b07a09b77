/**
 * `/api/order/*` for the shopper's orders (spec §7 Orders; origin-contract §5.4): my orders by tab and search, the
 * detail, cancel / confirm receipt / delete, tracking steps and the express companies. All need a token. An order
 * of another shopper, or one never placed, answers 400101 订单不存在; an action the order's state does not allow
 * answers 400001 订单状态已变更. Commands answer after the read models have them and push the new state on
 * `order:<id>`. `orderId` is read from the JSON body or the query string (the original accepted both).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import { expressCompanies, findExpressCompany } from '../../../domain/logistics/express-companies';
import { trackingSteps } from '../../../domain/logistics/tracking.simulator';
import { DomainError } from '../../../domain/shared/errors';
import { cancelOrderByShopper } from '../../orders/cancel-order';
import { loadOwnedOrder, receiptConfirmationData, runOrderCommand, type OrderServiceDeps } from '../../orders/order-command';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import { orderDetail } from './order-detail';
import { orderListItem } from './order-view';
import { findOwnOrder, findShippedParcel, listOrders } from './order.queries';
import { withLiveAfterStates } from './live-after-states';
import { assertOwnOrdersListed, missingOrder } from './orders-behind';
import { bodyOrQuery, noInput } from '../openapi/route-input';

const OrderId = decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const OrderIdInput = z.object({ orderId: OrderId });

/** '' (the 全部 tab) or absent = every state; otherwise 1..6. */
const Tab = z.preprocess((v) => (v === '' || v === undefined ? undefined : v), decimal(z.number().int().min(1).max(6).optional()));

const ListQuery = PageQuery(5).extend({ search: z.string().max(50).optional().default(''), state: Tab });
const DetailQuery = z.object({ orderId: OrderId, noticeId: decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional()) });
const TrackingQuery = z.object({ express: z.string().trim().min(1).max(20), deliverFormid: z.string().trim().min(1).max(64) });

const orderIdOf = (request: FastifyRequest): number => {
  const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
  const query = typeof request.query === 'object' && request.query !== null ? request.query : {};
  return OrderIdInput.parse({ ...query, ...body }).orderId;
};

const actorOf = (userId: number) => ({ kind: 'user' as const, id: String(userId) });

/** `carrierHourMs`: how long one hour of the simulated carrier lasts (domain/logistics/tracking.simulator.ts). */
export function registerOrderRoutes(app: FastifyInstance, deps: OrderServiceDeps, carrierHourMs?: number): void {
  const { db, store, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: 'required' as const };

  r.get('/order/getAll', { schema: { querystring: ListQuery }, config: auth }, async (request) => {
    await assertOwnOrdersListed(request, db, store, currentUser(request)); // not a list without the order just placed
    const { rows: recorded, total } = await listOrders(db, currentUser(request), request.query);
    const rows = await withLiveAfterStates(db, recorded);
    const now = clock();
    return ok({ list: rows.map((row) => orderListItem(row, now)), total });
  });

  // noticeId: the notice the shopper came from (jump 2); notices carry no read state yet, so it is only validated
  r.get('/order/getById', { schema: { querystring: DetailQuery }, config: { ...auth, owns: 'order' } }, async (request) => {
    const found = await findOwnOrder(db, currentUser(request), request.query.orderId);
    if (!found) return missingOrder(request, store, request.query.orderId, currentUser(request)); // busy, or 订单不存在
    const [row] = await withLiveAfterStates(db, [found]);
    return ok(await orderDetail(store, row, clock(), carrierHourMs));
  });

  r.route({
    method: ['PUT', 'POST'], url: '/order/cancel', schema: bodyOrQuery(OrderIdInput), config: { ...auth, owns: 'order' },
    handler: async (request) => {
      const userId = currentUser(request);
      const orderId = orderIdOf(request);
      await cancelOrderByShopper(deps, userId, orderId);
      return ok({ orderId, state: 5 }, '订单取消成功');
    },
  });

  r.route({
    method: ['POST', 'PUT'], url: '/order/confirm', schema: bodyOrQuery(OrderIdInput), config: { ...auth, owns: 'order' },
    handler: async (request) => {
      const userId = currentUser(request);
      const orderId = orderIdOf(request);
      await loadOwnedOrder(store, orderId, userId);
      await runOrderCommand(deps, orderId, { type: 'ConfirmReceipt', data: receiptConfirmationData(deps) }, actorOf(userId));
      return ok({ orderId, state: 4 }, '确认收货成功');
    },
  });

  r.route({
    method: ['DELETE', 'POST'], url: '/order/delete', schema: bodyOrQuery(OrderIdInput), config: { ...auth, owns: 'order' },
    handler: async (request) => {
      const userId = currentUser(request);
      const orderId = orderIdOf(request);
      await loadOwnedOrder(store, orderId, userId);
      await runOrderCommand(deps, orderId, { type: 'DeleteOrder', data: {} }, actorOf(userId));
      return ok({ orderId }, '订单删除成功');
    },
  });

  r.get('/order/getDilevery', { schema: { querystring: TrackingQuery }, config: auth }, async (request) => {
    const company = findExpressCompany(request.query.express);
    if (!company) throw new DomainError('expressCompanyNotFound');
    const { deliverFormid } = request.query;
    const parcel = await findShippedParcel(db, currentUser(request), [String(company.dictId), company.code], deliverFormid);
    if (!parcel) return ok([]);
    return ok(trackingSteps({
      company, deliverFormid, shippedAt: new Date(parcel.shipped_at).toISOString(), fromCity: parcel.shop_city ?? '',
      receiveAdress: parcel.receive_adress, hourMs: carrierHourMs,
    }, clock()));
  });

  r.get('/order/getExpressSelect', { schema: noInput, config: auth }, async () =>
    ok(expressCompanies.map(({ dictId, dictName }) => ({ dictId, dictName }))));
}
