/**
 * `POST /api/pay/wechat/notify`: WeChat Pay's callback (and the sandbox's, which is built the same way). WeChat's
 * protocol, not the storefront envelope: the raw body is kept for the signature, the payments module verifies,
 * decrypts and hands the result over; the answer is `{code:'SUCCESS', message:'成功'}` (200) or `{code:'FAIL',
 * message}` — 4xx when the callback is not believed, 503 with Retry-After when we could not take it now
 * (retry-later.ts), 500 for a bug (WeChat retries all of them).
 */
import type { FastifyInstance } from 'fastify';
import { BadInput } from '../../../domain/shared/bad-input';
import { PaymentCallbackError, type CallbackRejection } from '../../payments/payment-provider';
import { NoPaymentHandlerError, type Payments } from '../../payments/payments';
import { BUSY_MESSAGE, isRetryLater, sendRetryLater } from '../retry-later';

export const NOTIFY_PATH = '/api/pay/wechat/notify';

const ACCEPTED = { code: 'SUCCESS', message: '成功' } as const;

const rejections: Record<Exclude<CallbackRejection, 'unsupported'>, { status: number; message: string }> = {
  headers: { status: 401, message: '签名验证失败' },
  timestamp: { status: 401, message: '签名验证失败' },
  serial: { status: 401, message: '签名验证失败' },
  signature: { status: 401, message: '签名验证失败' },
  malformed: { status: 400, message: '通知内容有误' },
  decrypt: { status: 400, message: '通知解密失败' },
  merchant: { status: 400, message: '商户信息不匹配' },
};

export async function registerPayNotifyRoute(app: FastifyInstance, payments: Payments): Promise<void> {
  await app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    notify.setErrorHandler((error, request, reply) => {
      if (error instanceof PaymentCallbackError) {
        // verified but not a payment (e.g. a refund notification): acknowledged, or WeChat would keep sending it
        if (error.reason === 'unsupported') return reply.status(200).send(ACCEPTED);
        request.log.warn({ reason: error.reason }, `payment notification refused: ${error.message}`);
        const { status, message } = rejections[error.reason];
        return reply.status(status).send({ code: 'FAIL', message });
      }
      if (error instanceof NoPaymentHandlerError) return sendRetryLater(reply, { code: 'FAIL', message: '暂时无法处理，请稍后重试' });
      // BadInput: the edge's refusals (text PostgreSQL cannot store, JSON nested too deep) in any part of the request
      const status = error instanceof BadInput ? 400 : (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) return reply.status(status).send({ code: 'FAIL', message: '请求无效' });
      if (isRetryLater(error)) return sendRetryLater(reply, { code: 'FAIL', message: BUSY_MESSAGE });
      request.log.error({ err: error }, 'payment notification handler failed');
      return reply.status(500).send({ code: 'FAIL', message: '处理失败，请稍后重试' });
    });

    notify.post(NOTIFY_PATH, { schema: { 'x-input': 'wechat-callback' } }, async (request, reply) => {
      await payments.acceptNotification(request.headers, typeof request.body === 'string' ? request.body : '');
      return reply.status(200).send(ACCEPTED);
    });
  });
}
