/**
 * The sandbox cashier (only while the sandbox provider is in use): `GET /pay/sandbox/:paymentId` (the page the QR
 * opens), `POST …/confirm` (the payer pays: the callback WeChat would send is delivered to the notify route) and
 * `POST …/cancel` (the payer gave up: like WeChat, nothing changes on any side). Its own protocol `{ok, message}`;
 * what could be done on a retry (the database away, the notification answered 503) is a 503 with Retry-After.
 */
import type { FastifyInstance } from 'fastify';
import { BadInput } from '../../../domain/shared/bad-input';
import { isOutNumber, PaymentProviderError } from '../../payments/payment-provider';
import type { Payments } from '../../payments/payments';
import type { SandboxCashier } from '../../payments/sandbox.provider';
import { httpStatusMessages } from '../envelope';
import { BUSY_MESSAGE, isRetryLater, sendRetryLater } from '../retry-later';
import { NOTIFY_PATH } from './pay-notify.route';
import { missingPaymentPage, SANDBOX_SCRIPT, SANDBOX_SCRIPT_PATH, sandboxPage, type SandboxPageState } from './sandbox-pay.page';

interface Params { paymentId: string }

export async function registerSandboxPayRoutes(app: FastifyInstance, payments: Payments, cashier: SandboxCashier): Promise<void> {
  await app.register(async (sandbox) => {
    sandbox.setErrorHandler((error, request, reply) => {
      if (error instanceof PaymentProviderError) return reply.status(409).send({ ok: false, message: error.message });
      if (isRetryLater(error)) return sendRetryLater(reply, { ok: false, message: BUSY_MESSAGE });
      // the request's own fault (a body too deep or with unstorable text, over the limit, not JSON...): its 4xx,
      // never a 500 (found by the fuzz, issue 29)
      if (error instanceof BadInput) return reply.status(400).send({ ok: false, message: error.message });
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== undefined && status >= 400 && status < 500) {
        return reply.status(status).send({ ok: false, message: httpStatusMessages[status] ?? httpStatusMessages[400] });
      }
      request.log.error({ err: error }, 'sandbox cashier failed');
      return reply.status(500).send({ ok: false, message: '系统错误!' });
    });

    sandbox.get(SANDBOX_SCRIPT_PATH, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(SANDBOX_SCRIPT));

    sandbox.get<{ Params: Params }>('/pay/sandbox/:paymentId', async (request, reply) => {
      const { paymentId } = request.params;
      const order = isOutNumber(paymentId) ? await cashier.find(paymentId) : null;
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      if (!order) return reply.status(404).send(missingPaymentPage());
      const ours = await payments.paymentStatus(paymentId);
      let state: SandboxPageState = 'pending';
      if (order.tradeState === 'SUCCESS' || order.tradeState === 'REFUND' || ours === 'succeeded' || ours === 'refunded') state = 'paid';
      else if (order.tradeState === 'CLOSED' || ours === 'closed' || ours === 'failed') state = 'closed';
      else if (order.expired) state = 'expired';
      const base = `/pay/sandbox/${paymentId}`;
      return reply.send(sandboxPage({
        amountFen: order.amountFen, description: order.description, paymentId, state,
        confirmPath: `${base}/confirm`, cancelPath: `${base}/cancel`,
      }));
    });

    sandbox.post<{ Params: Params }>('/pay/sandbox/:paymentId/confirm', async (request, reply) => {
      const notification = await cashier.confirm(request.params.paymentId);
      // through the notify route itself (parser, verification, handler), without a loopback TCP hop
      const delivered = await app.inject({ method: 'POST', url: NOTIFY_PATH, headers: notification.headers, payload: notification.body });
      if (delivered.statusCode >= 200 && delivered.statusCode < 300) return reply.send({ ok: true, message: '支付成功' });
      if (delivered.statusCode === 503) return sendRetryLater(reply, { ok: false, message: BUSY_MESSAGE });
      const answer = delivered.json<{ message?: string }>();
      return reply.status(502).send({ ok: false, message: `支付通知未被受理：${answer.message ?? delivered.statusCode}` });
    });

    sandbox.post<{ Params: Params }>('/pay/sandbox/:paymentId/cancel', async (request, reply) => {
      const order = isOutNumber(request.params.paymentId) ? await cashier.find(request.params.paymentId) : null;
      if (!order) return reply.status(404).send({ ok: false, message: '支付单不存在' });
      return reply.send({ ok: true, message: '已取消支付' });
    });
  });
}
