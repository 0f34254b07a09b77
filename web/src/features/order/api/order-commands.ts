import { api } from '../../../lib/api-client';

/** Spec §7: cancel PUT orderId; confirm receipt POST orderId; delete DELETE orderId. */
export const cancelOrder = (orderId: number): Promise<unknown> => api.put('/order/cancel', { orderId });
export const confirmReceipt = (orderId: number): Promise<unknown> => api.post('/order/confirm', { orderId });
export const deleteOrder = (orderId: number): Promise<unknown> => api.del('/order/delete', { orderId });

/** Spec §7 cart buy again: PUT orderId; success goes to the cart. */
export const buyAgain = (orderId: number): Promise<unknown> => api.put('/cart/buyAgain', { orderId });
