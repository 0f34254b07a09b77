import { api } from '../../../lib/api-client';
import type { CheckPayAnswer, PayTarget } from '../pay-dialog.machine';

/** Spec §7 pay check: GET orderId, collageId, money, type (1 at place order, 2 at order detail); SUCCESS once paid. */
export const checkPay = (target: PayTarget, signal?: AbortSignal): Promise<CheckPayAnswer> =>
  api
    .get<Partial<CheckPayAnswer> | null>('/order/checkPay', { ...target }, signal)
    .then((data) => ({ code: typeof data?.code === 'string' ? data.code : '' }));
