/**
 * `GET /internal/audit/orders/:orderId?asOf=` (ops token): the order's audited history (services/audit/order-audit.ts)
 * for `npm run ops -- audit order <id>` while the server holds the stores. asOf: an ISO time or `commit/prepare`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import { DomainError } from '../../../domain/shared/errors';
import { auditOrder, parseAsOf, type AuditDeps } from '../../audit/order-audit';
import { verifyLog, type VerifyDeps } from '../../audit/verify-log';
import { ok } from '../envelope';

const Params = z.object({ orderId: decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) });
const Query = z.object({
  asOf: z.string().trim().min(1).refine((text) => parseAsOf(text) !== null, { error: 'asOf 须为时间或日志位置 commit/prepare' }).optional(),
});

/** `GET /internal/audit/verify`: the whole log against its chain and anchors (`npm run ops -- audit verify`). */
export function registerAuditRoutes(internal: FastifyInstance, deps: AuditDeps & VerifyDeps): void {
  internal.get('/audit/verify', async () => ok(await verifyLog(deps)));

  internal.withTypeProvider<ZodTypeProvider>().get('/audit/orders/:orderId', { schema: { params: Params, querystring: Query } },
    async (request) => {
      const audit = await auditOrder(deps, request.params.orderId, request.query.asOf ? parseAsOf(request.query.asOf) : null);
      if (!audit) throw new DomainError('orderNotFound');
      return ok(audit);
    });
}
