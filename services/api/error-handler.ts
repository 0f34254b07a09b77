/**
 * The one error handler (DESIGN.md §8, §14): what could be answered on a retry (busy, the database or Kafka away:
 * retry-later.ts) → HTTP 503 服务繁忙，请稍后重试 with Retry-After; any other DomainError → HTTP 200 with its code;
 * malformed input → 400 '400' with a message naming the field; anything unexpected → 500 系统错误! without a stack.
 * Routes do not catch.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { BadInput } from '../../domain/shared/bad-input';
import { DomainError } from '../../domain/shared/errors';
import { failure, httpStatusMessages } from './envelope';
import { isRetryLater, sendRetryLater } from './retry-later';
import type { SpaFallback } from './static';
import { validationMessage } from './validation-message';

/** 413 with the limit the body went over: 请求体过大（最大 1MB）. */
export function tooLargeMessage(limitBytes: number | undefined): string {
  if (!limitBytes) return '请求体过大';
  const size = limitBytes % (1024 * 1024) === 0 ? `${limitBytes / (1024 * 1024)}MB`
    : limitBytes % 1024 === 0 ? `${limitBytes / 1024}KB` : `${limitBytes}字节`;
  return `请求体过大（最大 ${size}）`;
}

export function installErrorHandling(app: FastifyInstance, spaFallback: SpaFallback = () => false): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (isRetryLater(error)) return sendRetryLater(reply); // busy: read models behind, conflicts that outlasted retries
      return reply.status(200).send(failure(error.code, error.message, error.data ?? null));
    }
    if (error instanceof BadInput) return reply.status(400).send(failure('400', error.message));
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(failure('400', validationMessage(error.validation, error.validationContext)));
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = issue?.path.join('.') || '请求体';
      const message = issue && /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : `参数 ${field} 无效`;
      return reply.status(400).send(failure('400', message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // body parser, content type, payload size...: the client's fault, never a 500
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? '请求体不是有效的JSON'
        : status === 413 ? tooLargeMessage(request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit) // says the limit (issue 29)
          : httpStatusMessages[status] ?? httpStatusMessages[400];
      return reply.status(status).send(failure(String(status), message));
    }
    if (isRetryLater(error) || status === 503) {
      // PostgreSQL or Kafka gone for now (restart, failover, terminated backends, pool exhausted) or refusing this
      // statement for now (lock, serialization): the pool reconnects by itself, the same request asked again may pass
      request.log.warn({ err: { message: error.message, code: error.code } }, 'answered retry later');
      return sendRetryLater(reply);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('500', httpStatusMessages[500]));
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaFallback(request, reply)) return;
    reply.status(404).send(failure('404', httpStatusMessages[404]));
  });
}
