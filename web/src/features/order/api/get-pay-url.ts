import { api } from '../../../lib/api-client';
import type { PayInfo } from '../pay-slot';

/** Spec §7 pay QR: GET orderId → money, orderId, collageId, url (origin §5.3: re-pay an unpaid order). */
export const getPayUrl = (orderId: number): Promise<PayInfo> => api.get<PayInfo>('/order/getUrl', { orderId });
