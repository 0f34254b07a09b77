/**
 * `GET /internal/payments/reconcile?date=yyyy-MM-dd` (ops token): the provider's bill of that Shanghai day (default
 * yesterday) against the store (services/payments/reconciliation), for `npm run ops -- payments reconcile` while
 * the server holds the stores. A provider that cannot give the bill (not made yet, unreachable) answers 502 with
 * its code, not a bare 500. Registered only where the events table is in SQL (not with EventStoreDB).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { PaymentProviderError } from '../../payments/payment-provider';
import type { Payments } from '../../payments/payments';
import { reconcileBill } from '../../payments/reconciliation/reconcile-bill';
import { isBillDate, shanghaiYesterday } from '../../payments/shanghai-day';
import { failure, ok } from '../envelope';

export interface PaymentsInternalDeps { payments: Payments; store: EventStore; eventsDb: Database | null; clock: () => Date }

const Query = z.object({ date: z.string().refine(isBillDate, { error: 'date 须为日期 yyyy-MM-dd' }).optional() });

export function registerPaymentsInternalRoutes(internal: FastifyInstance, deps: PaymentsInternalDeps): void {
  const { eventsDb } = deps;
  if (!eventsDb) return;
  internal.withTypeProvider<ZodTypeProvider>().get('/payments/reconcile', { schema: { querystring: Query } }, async (request, reply) => {
    const billDate = request.query.date ?? shanghaiYesterday(deps.clock());
    try {
      return ok(await reconcileBill({ provider: deps.payments.provider, store: deps.store, eventsDb }, billDate));
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      return reply.status(502).send(failure('502', `支付渠道未给出 ${billDate} 的账单：${error.code} ${error.message}`));
    }
  });
}
