/**
 * `POST /api/pay/wechat/refund-notify`: WeChat Pay's refund notification (and the sandbox's, built the same way),
 * verified and decrypted by the payment provider. A refund of an after-sale (`AS<afterId>R<attempt>`) records its
 * outcome on the payment and the after-sale (after-sale-refund.ts); a repeated notification finds it recorded and
 * changes nothing. Other refunds (cancelled orders, failed groups) are settled by their `settle-refund` deadline and
 * only acknowledged here. WeChat's protocol, not the envelope: `{code:'SUCCESS'}` 200, or `{code:'FAIL'}` 4xx/5xx
 * (503 with Retry-After when it could be taken on a retry: retry-later.ts).
 */
import type { FastifyInstance } from 'fastify';
import { BadInput } from '../../../domain/shared/bad-input';
import { PaymentCallbackError } from '../../payments/payment-provider';
import type { AfterSaleDeps } from '../../after-sale/after-sale-command';
import { recordRefundNotification } from '../../after-sale/after-sale-refund';
import { BUSY_MESSAGE, isRetryLater, sendRetryLater } from '../retry-later';

export const REFUND_NOTIFY_PATH = '/pay/wechat/refund-notify';

const ACCEPTED = { code: 'SUCCESS', message: '成功' } as const;
const AFTER_SALE_REFUND = /^AS(\d{1,15})R\d{1,6}$/;

export async function registerRefundNotifyRoute(api: FastifyInstance, deps: AfterSaleDeps): Promise<void> {
  await api.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    notify.setErrorHandler((error, request, reply) => {
      if (error instanceof PaymentCallbackError) {
        if (error.reason === 'unsupported') return reply.status(200).send(ACCEPTED);
        request.log.warn({ reason: error.reason }, `refund notification refused: ${error.message}`);
        const status = ['headers', 'timestamp', 'serial', 'signature'].includes(error.reason) ? 401 : 400;
        return reply.status(status).send({ code: 'FAIL', message: status === 401 ? '签名验证失败' : '通知内容有误' });
      }
      // the body parser's refusals (past the body limit, say): the sender's fault, never a 500 (found by the fuzzer)
      // BadInput: the edge's refusals (text PostgreSQL cannot store, JSON nested too deep) in any part of the request
      const status = error instanceof BadInput ? 400 : (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) return reply.status(status).send({ code: 'FAIL', message: '请求无效' });
      if (isRetryLater(error)) return sendRetryLater(reply, { code: 'FAIL', message: BUSY_MESSAGE });
      request.log.error({ err: error }, 'refund notification handler failed');
      return reply.status(500).send({ code: 'FAIL', message: '处理失败，请稍后重试' });
    });
    notify.post(REFUND_NOTIFY_PATH, { schema: { 'x-input': 'wechat-callback' } }, async (request, reply) => {
      const notice = await deps.provider.parseRefundCallback(request.headers, typeof request.body === 'string' ? request.body : '');
      const afterSale = AFTER_SALE_REFUND.exec(notice.refundId);
      if (afterSale) {
        await recordRefundNotification(deps, Number(afterSale[1]), notice.refundId, notice.status === 'SUCCESS', `退款渠道返回${notice.status}`);
      }
      return reply.status(200).send(ACCEPTED);
    });
  });
}
