import { api } from '../../../lib/api-client';
import type { AfterSaleDetail } from '../after-sale.model';

/** Spec §7: GET detail afterId, orderId. */
export const getAfterSale = (afterId: number, orderId: number | undefined, signal?: AbortSignal): Promise<AfterSaleDetail> =>
  api.get<AfterSaleDetail>('/after/getById', { afterId, orderId }, signal);
