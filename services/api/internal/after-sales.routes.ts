/**
 * Merchant and platform side of after-sales, not part of the storefront (DESIGN.md §7), behind the ops token:
 *   POST /internal/after-sales/:afterId/agree                      1 → 2 (refund issued) or 10 (return expected)
 *   POST /internal/after-sales/:afterId/refuse {reason}            1 → 6
 *   POST /internal/after-sales/:afterId/receive                    3 → 2 → refund
 *   POST /internal/after-sales/:afterId/reject-damaged {reason}    3 → 8
 *   POST /internal/after-sales/:afterId/platform-decide {approve, reason}   7 → 2 / 10 (approve) or 9
 *   POST /internal/after-sales/:afterId/retry-refund               5 → 2 → refund again
 *   POST /internal/after-sales/:afterId/settle                     2: ask the provider about the pending refund
 * Answers the after-sale's afterState afterwards; a move the machine does not allow answers 300001.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterStateOf } from '../../../domain/after-sale/after-sale.machine';
import type { AfterSaleDeps } from '../../after-sale/after-sale-command';
import { actOnAfterSale, AFTER_SALE_VERBS, type AfterSaleVerb } from '../../after-sale/merchant-actions';
import { decimal } from '../edge/decimal';
import { ok } from '../envelope';

const Params = z.object({
  afterId: decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
  verb: z.enum(AFTER_SALE_VERBS as [AfterSaleVerb, ...AfterSaleVerb[]], { error: '参数 verb 无效' }),
});
const Reason = z.string({ error: '参数 reason 无效' }).trim().max(500, '参数 reason 过长');
const Body = z.object({
  reason: Reason.optional(),
  approve: z.boolean({ error: '参数 approve 无效：应为 true 或 false' }).optional(),
}).default({});

const needsReason: ReadonlySet<AfterSaleVerb> = new Set(['refuse', 'reject-damaged']);

export function registerInternalAfterSaleRoutes(internal: FastifyInstance, deps: AfterSaleDeps): void {
  const r = internal.withTypeProvider<ZodTypeProvider>();
  r.post('/after-sales/:afterId/:verb', { schema: { params: Params, body: Body.nullish() } }, async (request, reply) => {
    const { afterId, verb } = request.params;
    const body = request.body ?? {};
    if (needsReason.has(verb) && !body.reason) return reply.status(400).send({ code: '400', message: '请填写 reason（拒绝理由）', data: null });
    if (verb === 'platform-decide' && body.approve === undefined) {
      return reply.status(400).send({ code: '400', message: '请填写 approve（是否支持买家）', data: null });
    }
    const state = await actOnAfterSale(deps, afterId, verb, { reason: body.reason, approve: body.approve });
    return ok({ afterId, afterState: afterStateOf(state) ?? 0 });
  });
}
