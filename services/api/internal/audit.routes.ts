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
import { readPublicKey, verifierOf, type AnchorPublicKey } from '../../audit/anchor-signing-key';
import { ok } from '../envelope';
import { exportProofBundle, NothingToExport, type BundleDeps } from '../../audit/proof-bundle';

const Params = z.object({ orderId: decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) });
const Query = z.object({
  asOf: z.string().trim().min(1).refine((text) => parseAsOf(text) !== null, { error: 'asOf 须为时间或日志位置 commit/prepare' }).optional(),
});
/** An auditor's own copy of the public key (base64 of its DER), instead of the one this server signs with. */
const VerifyQuery = z.object({
  publicKey: z.string().trim().min(1).refine((text) => {
    try {
      verifierOf(readPublicKey(text));
      return true;
    } catch {
      return false;
    }
  }, { error: 'publicKey 须为 Ed25519 公钥（DER 的 base64）' }).optional(),
});

export type AuditRouteDeps = AuditDeps & Omit<VerifyDeps, 'anchorVerifier'> & { anchorKey: AnchorPublicKey | null; clock: () => Date };

const Id = decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const When = z.string().trim().min(1).refine((text) => !Number.isNaN(Date.parse(text)), { error: '须为时间' })
  .transform((text) => new Date(text).toISOString());
/** One of `order`, or `shop` with an optional time range. */
const ExportQuery = z.object({ order: Id.optional(), shop: Id.optional(), from: When.optional(), to: When.optional() })
  .refine((q) => (q.order === undefined) !== (q.shop === undefined), { error: '须给出 order 或 shop 之一' })
  .refine((q) => q.order === undefined || (q.from === undefined && q.to === undefined), { error: 'from/to 只用于 shop' });

/**
 * `GET /internal/audit/verify[?publicKey=]`: the whole log against its chain and signed anchors (`npm run ops -- audit
 * verify`); `GET /internal/audit/key`: the anchors' public key (`npm run ops -- audit key`).
 */
export function registerAuditRoutes(internal: FastifyInstance, deps: AuditRouteDeps): void {
  internal.withTypeProvider<ZodTypeProvider>().get('/audit/verify', { schema: { querystring: VerifyQuery } }, async (request) => {
    const given = request.query.publicKey;
    return ok(await verifyLog({ ...deps, anchorVerifier: given ? verifierOf(readPublicKey(given)) : deps.anchorKey }));
  });

  /** `GET /internal/audit/export?order=<id>` | `?shop=<id>[&from=&to=]`: the proof bundle (`npm run ops -- audit export`). */
  internal.withTypeProvider<ZodTypeProvider>().get('/audit/export', { schema: { querystring: ExportQuery } }, async (request) => {
    const q = request.query;
    const selection = q.order !== undefined ? { kind: 'order' as const, orderId: q.order }
      : { kind: 'shop' as const, shopId: q.shop as number, from: q.from ?? null, to: q.to ?? null };
    const bundleDeps: BundleDeps = deps;
    try {
      return ok(await exportProofBundle(bundleDeps, selection, deps.clock()));
    } catch (error) {
      if (error instanceof NothingToExport) throw new DomainError('orderNotFound', `订单不存在（${error.message}）`);
      throw error;
    }
  });

  internal.get('/audit/key', async () => {
    if (!deps.anchorKey) throw new Error('this server signs no chain anchors (its events live in EventStoreDB)');
    const { keyId, publicKeyPem, source } = deps.anchorKey;
    return ok({ keyId, publicKeyPem, source });
  });

  internal.withTypeProvider<ZodTypeProvider>().get('/audit/orders/:orderId', { schema: { params: Params, querystring: Query } },
    async (request) => {
      const audit = await auditOrder(deps, request.params.orderId, request.query.asOf ? parseAsOf(request.query.asOf) : null);
      if (!audit) throw new DomainError('orderNotFound');
      return ok(audit);
    });
}
