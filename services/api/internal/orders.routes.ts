/**
 * Merchant side, not part of the storefront (DESIGN.md §7): `POST /internal/orders/:orderId/ship {express,
 * deliverFormid}` with the ops token (the /internal guard). `express` is a dict id of GET /order/getExpressSelect or
 * its code (`SF`); the waybill is numeric and at least 8 characters (物流单号格式错误). Answers the shipment and when
 * receipt confirms itself (15 days later).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import { Waybill } from '../../../domain/rules/waybill.rule';
import type { OrderCommandDeps } from '../../orders/order-command';
import { shipOrder, shippedAnswer } from '../../orders/ship-order';
import { ok } from '../envelope';

const Params = z.object({ orderId: decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) });
const ShipBody = z.object({
  express: z.union([z.number().int().positive(), z.string().trim().min(1).max(20)], { error: '请选择物流公司' }),
  deliverFormid: Waybill,
});

export function registerInternalOrderRoutes(internal: FastifyInstance, deps: OrderCommandDeps): void {
  const r = internal.withTypeProvider<ZodTypeProvider>();
  r.post('/orders/:orderId/ship', { schema: { params: Params, body: ShipBody } }, async (request) => {
    const { orderId } = request.params;
    const result = await shipOrder(deps, orderId, request.body);
    return ok(shippedAnswer(orderId, result.state), '发货成功');
  });
}
