import { api } from '../../../lib/api-client';
import type { OrderDetail } from '../order.model';

/** Spec §7 order detail: GET orderId, noticeId (the notice the shopper came from, if any). */
export const getOrder = (orderId: number, noticeId: number | undefined, signal?: AbortSignal): Promise<OrderDetail> =>
  api.get<OrderDetail>('/order/getById', { orderId, noticeId }, signal);
