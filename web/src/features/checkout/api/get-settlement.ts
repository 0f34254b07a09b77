import { api } from '../../../lib/api-client';
import type { CheckoutRequest } from '../place-order.query';
import type { Settlement } from '../settlement.model';

/**
 * Spec §7 settlement: POST (type, shops, ifWork, receiveId) for goods; the group-work settlement POSTs (shopId,
 * number, skuId, productId, type 1 open / 2 join, shopGroupWorkId, collageId, receiveId).
 */
export function getSettlement(request: CheckoutRequest, receiveId: number | null, signal?: AbortSignal): Promise<Settlement> {
  const receive = receiveId === null ? {} : { receiveId };
  if (request.kind === 'group') return api.post<Settlement>('/work/getSettlement', { ...request.works, ...receive }, signal);
  const { type, ifWork, shops } = request;
  return api.post<Settlement>('/order/getSettlement', { type, ifWork, shops, ...receive }, signal);
}
