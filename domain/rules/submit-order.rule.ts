import { z } from 'zod';

/** paymentMode 1 = WeChat, the storefront's only method (origin 2 支付宝 / 3 花呗 are not offered). */
export const PaymentMode = z.literal(1, { error: '请选择支付方式' });

export const ReceiveId = z.number({ error: '请选择您的收货地址' }).int('请选择您的收货地址').positive('请选择您的收货地址');

/**
 * The two choices /order/submit needs from the shopper (spec §5). The order slice extends this with shops and
 * coupons; prices sent by the client are never trusted.
 */
export const SubmitOrderChoices = z.object({ paymentMode: PaymentMode, receiveId: ReceiveId });
export type SubmitOrderChoices = z.infer<typeof SubmitOrderChoices>;
