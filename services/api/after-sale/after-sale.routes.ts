/**
 * `/api/after/*` and `/api/order/returnExpress` for the shopper's after-sales (spec §4 after-sale, §9; origin-contract
 * §6). All need a token. Another shopper's order or after-sale answers like a missing one (400101 订单不存在 /
 * 300002 售后单不存在); a move the after-sale machine does not allow answers 300001 售后单状态已变更 and records
 * nothing; malformed input answers 400 naming the field. Commands answer after the read models have them and push
 * the new state on `user:<id>`. Ids are read from the JSON body or the query string (the original accepted both), as
 * numbers or decimal text (edge/decimal.ts) — except POST /after/submit, whose lines only a JSON body can carry.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterSaleReasons } from '../../../domain/after-sale/after-sale.reasons';
import { findExpressCompany } from '../../../domain/logistics/express-companies';
import { AfterSaleForm, AfterSaleRef, PlatformInterventionForm } from '../../../domain/rules/after-sale.rule';
import { ReturnLogisticsForm } from '../../../domain/rules/waybill.rule';
import { DomainError } from '../../../domain/shared/errors';
import type { AfterSaleDeps } from '../../after-sale/after-sale-command';
import { requestPlatform, shipReturn, withdrawAfterSale } from '../../after-sale/shopper-actions';
import { submitAfterSale } from '../../after-sale/submit-after-sale';
import type { BlobStore } from '../../uploads/blob-store.port';
import { assertIssuedImages } from '../../uploads/issued-images';
import { currentUser } from '../auth';
import { decimal } from '../edge/decimal';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import { afterSaleDetail, afterSaleListItem } from './after-sale-view';
import { findOwnAfterSale, listAfterSales } from './after-sale.queries';
import { bodyOrQuery, noInput } from '../openapi/route-input';

const Id = decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const ListQuery = PageQuery(5).extend({
  state: decimal(z.number({ error: '参数 state 无效：应为1或2' }).int().min(1).max(2).default(1)),
});
const DetailQuery = z.object({ afterId: Id, orderId: Id.optional(), noticeId: Id.optional() });
/** Ids as numbers or decimal strings (edge/decimal.ts: not true, not "1e3"), from body or query. */
const RefInput = z.object({ afterId: Id, orderId: Id });
/** The return waybill as sent: the express company's dictId as a number or a digit string (ReturnLogisticsForm checks). */
const ReturnExpressInput = RefInput.extend({
  express: z.union([z.number(), z.string().regex(/^\d+$/)], { error: '请选择物流公司' }),
  deliverFormid: z.string({ error: '物流单号格式错误' }),
});

function input(request: FastifyRequest): Record<string, unknown> {
  const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
  const query = typeof request.query === 'object' && request.query !== null ? request.query : {};
  return { ...query, ...body };
}

/** Zod errors thrown here answer 400 with the field (error-handler.ts); rules carry the spec's own messages. */
const refOf = (request: FastifyRequest) => AfterSaleRef.parse(RefInput.parse(input(request)));

export interface AfterSaleAnswer { afterId: number; orderId: number; afterState: number }

/** Proof images must be pictures this server issued (POST /api/file/upload): 400 `参数 image 无效：图片地址无效`. */
export function registerAfterSaleRoutes(app: FastifyInstance, deps: AfterSaleDeps, blobs: BlobStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: 'required' as const };
  const answer = (afterId: number, orderId: number, afterState: number | null): AfterSaleAnswer =>
    ({ afterId, orderId, afterState: afterState ?? 0 });

  r.get('/after/getReasonSelect', { schema: noInput, config: auth }, async () => ok(afterSaleReasons));

  r.get('/after/getAll', { schema: { querystring: ListQuery }, config: auth }, async (request) => {
    const { rows, total } = await listAfterSales(deps.db, currentUser(request), request.query);
    return ok({ list: rows.map(afterSaleListItem), total });
  });

  r.get('/after/getById', { schema: { querystring: DetailQuery }, config: { ...auth, owns: 'afterSale' } }, async (request) => {
    const row = await findOwnAfterSale(deps.db, currentUser(request), request.query.afterId);
    if (!row || (request.query.orderId !== undefined && Number(row.order_id) !== request.query.orderId)) {
      throw new DomainError('afterSaleNotFound');
    }
    return ok(afterSaleDetail(row, deps.clock()));
  });

  // the body only: its lines (skus: [{skuId, number}]) have no query-string form, so none is documented (issue 29)
  r.post('/after/submit', { schema: { body: AfterSaleForm.partial().nullish() }, config: { ...auth, owns: 'order' } }, async (request) => {
    const form = AfterSaleForm.parse(request.body ?? {});
    // one SKU named twice is its own mistake, not a line of another order (售后商品不属于该订单 misled: issue 29)
    if (new Set(form.skus.map((sku) => sku.skuId)).size !== form.skus.length) throw new DomainError('afterSaleLineRepeated');
    await assertIssuedImages(blobs, 'image', form.image);
    const state = await submitAfterSale(deps, currentUser(request), form);
    const a = state.context.application;
    return ok({ ...answer(a?.afterId ?? 0, form.orderId, 1), afterFormid: a?.afterFormid ?? '', price: (a?.priceFen ?? 0) / 100 },
      '售后申请成功');
  });

  r.route({
    method: ['PUT', 'POST'], url: '/after/returnRefund', schema: bodyOrQuery(RefInput), config: { ...auth, owns: 'afterSale' },
    handler: async (request) => {
      const ref = refOf(request);
      await withdrawAfterSale(deps, currentUser(request), ref, 'application');
      return ok(answer(ref.afterId, ref.orderId, 9), '撤销申请成功');
    },
  });

  r.route({
    method: ['PUT', 'POST'], url: '/after/returnGoods', schema: bodyOrQuery(RefInput), config: { ...auth, owns: 'afterSale' },
    handler: async (request) => {
      const ref = refOf(request);
      await withdrawAfterSale(deps, currentUser(request), ref, 'return');
      return ok(answer(ref.afterId, ref.orderId, 9), '撤销退货成功');
    },
  });

  r.post('/after/platform', { schema: bodyOrQuery(PlatformInterventionForm), config: { ...auth, owns: 'afterSale' } }, async (request) => {
    const form = PlatformInterventionForm.parse(input(request));
    await assertIssuedImages(blobs, 'image', form.image);
    await requestPlatform(deps, currentUser(request), form, form.reason, form.image);
    return ok(answer(form.afterId, form.orderId, 7), '申请平台介入成功');
  });

  r.post('/order/returnExpress', { schema: bodyOrQuery(ReturnExpressInput), config: { ...auth, owns: 'afterSale' } }, async (request) => {
    const raw = input(request);
    const form = ReturnLogisticsForm.parse({ ...raw, express: typeof raw.express === 'string' && /^\d+$/.test(raw.express) ? Number(raw.express) : raw.express });
    if (!findExpressCompany(form.express)) throw new DomainError('expressCompanyNotFound');
    await shipReturn(deps, currentUser(request), form, form.express, form.deliverFormid);
    return ok(answer(form.afterId, form.orderId, 3), '录入物流成功');
  });
}
