/**
 * Text PostgreSQL cannot store (issue 13): a NUL character is refused by `text` columns and a lone UTF-16 surrogate
 * cannot be encoded as UTF-8, so either one reaching a query or an event answered 500 系统错误!. One preValidation
 * hook refuses them for every route at the edge — body, query string, path parameters and the header the API reads —
 * with 400 naming the field, before any schema or handler sees the value.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadInput } from '../../../domain/shared/bad-input';
import { failure } from '../envelope';

/** NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or object key) under `value` holding unstorable text; null when all is storable. */
export function unstorableField(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return unstorable.test(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = [...path, key];
    if (unstorable.test(key)) return here.join('.');
    const found = unstorableField(inner, here);
    if (found !== null) return found;
  }
  return null;
}

function firstUnstorable(request: FastifyRequest): string | null {
  const sources: unknown[] = [request.params, request.query, request.body, { Authorization: request.headers.authorization }];
  for (const source of sources) {
    const found = unstorableField(source);
    if (found !== null) return found || '请求体';
  }
  return null;
}

export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = firstUnstorable(request);
    if (field !== null) throw new BadInput(`参数 ${field} 无效：含有不可存储的字符`);
  });
}

/**
 * Fastify's own refusals before routing (a path that is not valid percent-encoded UTF-8, an over-long parameter):
 * answered in the `{code, message, data}` envelope like any other malformed input instead of Fastify's default body.
 */
export function refuseMalformedUrl(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send(failure('400', '参数 路径 无效：不是有效的地址'));
}
