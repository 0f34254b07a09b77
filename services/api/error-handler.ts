/**
 * The one error handler (DESIGN.md §8, §14): DomainError → HTTP 200 with its code; malformed input → 400 '400' with a
 * message naming the field; the database unreachable → 503 服务不可用!; a statement the database ended over a lock
 * conflict (deadlock, lock timeout) → 503 服务繁忙，请稍后重试 (the same answer as a read model behind: try again);
 * anything unexpected → 500 系统错误! without a stack. Routes do not catch.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { BadInput } from '../../domain/shared/bad-input';
import { DomainError, Errors } from '../../domain/shared/errors';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/connection-errors';
import { failure, httpStatusMessages } from './envelope';
import type { SpaFallback } from './static';
import { validationMessage } from './validation-message';

export function installErrorHandling(app: FastifyInstance, spaFallback: SpaFallback = () => false): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
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
        ? '请求体不是有效的JSON' : httpStatusMessages[status] ?? httpStatusMessages[400];
      return reply.status(status).send(failure(String(status), message));
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL is gone for now (restart, failover, terminated backends): the pool reconnects by itself.
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply.status(503).send(failure('503', httpStatusMessages[503]));
    }
    if (isDatabaseBusy(error)) {
      // a lock conflict the database ended this statement for (a deadlock, a lock timeout): trying again succeeds
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database busy');
      return reply.status(503).send(failure(Errors.readModelBehind.code, Errors.readModelBehind.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('500', httpStatusMessages[500]));
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaFallback(request, reply)) return;
    reply.status(404).send(failure('404', httpStatusMessages[404]));
  });
}
