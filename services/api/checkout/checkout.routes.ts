/**
 * The checkout calls (spec §7), all behind a token: settlement, submit (with `Idempotency-Key`), pay / getUrl (start
 * or refresh the QR) and checkPay (the web's 3-second poll). The original's alternative methods are accepted.
 * `GET /pay/qr/:paymentId` serves the QR image a pay info's `url` names, without a token (an <img> sends none; the
 * sandbox cashier page it leads to is as public): the payment's code_url from the checkout read model (or, before
 * the read model has it, the payment's stream), as SVG.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CheckoutDeps } from '../../checkout/checkout.deps';
import { checkPay, refreshPayment } from '../../checkout/pay-requests.service';
import { QR_IMAGE_TYPE } from '../../payments/qr-code';
import { getOrderCoupons } from '../../checkout/order-coupons.service';
import { loadPayment } from '../../checkout/payment-service';
import { getSettlement } from '../../checkout/settlement.service';
import { submitCheckout } from '../../checkout/submit.service';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { DomainError } from '../../../domain/shared/errors';
import { checkoutDepsFor } from './checkout-deps-for';
import {
  CheckPayQuery, IdempotencyKey, OrderCouponsQuery, OrderIdQuery, PayBody, SettlementBody, SubmitBody, WorkSettlementBody,
  settlementRequest, submitRequest, workSettlementRequest,
} from './checkout.params';

const auth = { auth: 'required' } as const;
/**
 * decides on the shopper's address book, wallet and unpaid orders: while the read models lag the shopper's last
 * writes, from the streams (checkout-deps-for.ts) rather than refusing
 */
const decides = { auth: 'required', readYourWrites: 'decide-on-streams' } as const;

/** A settlement or submit names the shopper's address (receiveId) and wallet coupons (shops[].id). */
const SHOPPERS_CHOICES = ['address', 'couponClaim'] as const;

export function registerCheckoutRoutes(app: FastifyInstance, deps: CheckoutDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const depsFor = checkoutDepsFor(deps);

  r.post('/order/getSettlement', { schema: { body: SettlementBody }, config: { ...decides, owns: SHOPPERS_CHOICES } }, async (request) =>
    ok(await getSettlement(depsFor(request), currentUser(request), settlementRequest(request.body))));

  r.post('/work/getSettlement', { schema: { body: WorkSettlementBody }, config: { ...decides, owns: 'address' } }, async (request) =>
    ok(await getSettlement(depsFor(request), currentUser(request), workSettlementRequest(request.body))));

  // the coupons the order being placed may use: GET with the /placeOrder query's fields, or POST with a settlement body
  r.get('/order/getOrderCoupons', { schema: { querystring: OrderCouponsQuery }, config: { ...decides, owns: SHOPPERS_CHOICES } }, async (request) =>
    ok(await getOrderCoupons(depsFor(request), currentUser(request), settlementRequest(request.query))));

  r.post('/order/getOrderCoupons', { schema: { body: SettlementBody }, config: { ...decides, owns: SHOPPERS_CHOICES } }, async (request) =>
    ok(await getOrderCoupons(depsFor(request), currentUser(request), settlementRequest(request.body))));

  r.post('/order/submit', {
    schema: { body: SubmitBody, headers: z.object({ 'idempotency-key': IdempotencyKey }) }, config: { ...decides, owns: SHOPPERS_CHOICES },
  }, async (request) => {
    const key = request.headers['idempotency-key'] ?? null;
    return ok(await submitCheckout(depsFor(request), currentUser(request), submitRequest(request.body), key), '提交成功');
  });

  r.route({
    method: ['PUT', 'POST'], url: '/order/pay', schema: { body: PayBody }, config: { ...auth, owns: 'order' },
    handler: async (request) => ok(await refreshPayment(deps, currentUser(request), request.body.orderId,
      request.body.type === 1 ? 'checkout' : 'order')),
  });

  r.get('/order/getUrl', { schema: { querystring: OrderIdQuery }, config: { ...auth, owns: 'order' } }, async (request) =>
    ok(await refreshPayment(deps, currentUser(request), request.query.orderId, 'order')));

  r.get('/pay/qr/:paymentId', { schema: { params: z.object({ paymentId: z.string().min(1).max(64) }) } }, async (request, reply) => {
    const { rows } = await deps.db.query<{ code_url: string }>(
      'select code_url from payments where payment_id = $1', [request.params.paymentId]);
    // a payment made while the feed is down is not in the read model yet: its stream has the code url (issue 28)
    const codeUrl = rows[0]?.code_url ?? (await loadPayment(deps, request.params.paymentId)).context.payment?.codeUrl;
    if (!codeUrl) throw new DomainError('notFound', '支付不存在');
    const svg = await deps.payments.qrSvg(codeUrl);
    // a payment's code_url never changes: the browser may keep the image as long as the QR can live
    return reply.type(QR_IMAGE_TYPE).header('Cache-Control', 'private, max-age=7200, immutable').send(svg);
  });

  r.get('/order/checkPay', { schema: { querystring: CheckPayQuery }, config: { ...auth, owns: 'order' } }, async (request) =>
    ok(await checkPay(deps, currentUser(request), request.query.orderId)));
}
