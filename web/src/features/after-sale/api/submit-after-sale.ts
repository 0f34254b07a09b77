import { api } from '../../../lib/api-client';
import type { applicationOf } from '../after-sale-apply.model';

/** Spec §7: POST submit (afterType, explain, goodsState, image, orderId, price, returnReason, skus). */
export const submitAfterSale = (body: ReturnType<typeof applicationOf>): Promise<unknown> => api.post('/after/submit', body);
