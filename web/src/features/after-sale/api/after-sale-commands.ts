import { api } from '../../../lib/api-client';

interface AfterSaleRef {
  afterId: number;
  orderId: number;
}

/** Spec §7: PUT revoke refund (撤销申请) and revoke return (撤销退货) with afterId, orderId. */
export const withdrawApplication = (ref: AfterSaleRef): Promise<unknown> => api.put('/after/returnRefund', ref);
export const withdrawReturn = (ref: AfterSaleRef): Promise<unknown> => api.put('/after/returnGoods', ref);

/** Spec §7: POST platform intervention afterId, orderId, image (comma-joined), reason. */
export const requestPlatformIntervention = (body: AfterSaleRef & { reason: string; image: string }): Promise<unknown> =>
  api.post('/after/platform', body);

/** Spec §7: POST return express afterId, orderId, express (dictId), deliverFormid. */
export const enterReturnLogistics = (body: AfterSaleRef & { express: number; deliverFormid: string }): Promise<unknown> =>
  api.post('/order/returnExpress', body);
