/**
 * JSON nested past any form's shape (issue 13, found by the contract fuzzer): a body of 10,000 nested arrays parses
 * fine, then every recursive walk of it — the storable-text check, zod — overflows the stack and answered 500
 * 系统错误!. One preValidation hook measures the body's depth without recursion and refuses anything deeper than
 * MAX_JSON_DEPTH with 400 naming the body, before any schema or handler walks it.
 */
import type { FastifyInstance } from 'fastify';
import { BadInput } from '../../../domain/shared/bad-input';

/** The deepest form nests a list of objects in a list of objects (order submit: shops[].skus[]); 16 is ample. */
export const MAX_JSON_DEPTH = 16;

/** True when `value` nests objects or arrays deeper than `max` levels; iterative, so any depth is safe to measure. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: here, depth } = stack.pop()!;
    if (here === null || typeof here !== 'object' || Buffer.isBuffer(here)) continue;
    if (depth + 1 > max) return true;
    for (const inner of Object.values(here)) stack.push({ value: inner, depth: depth + 1 });
  }
  return false;
}

export function refuseDeepJson(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (nestedDeeperThan(request.body, MAX_JSON_DEPTH)) throw new BadInput(`参数 请求体 无效：嵌套超过${MAX_JSON_DEPTH}层`);
  });
}
