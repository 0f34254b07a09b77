import { z } from 'zod';

export const MIN_WAYBILL_LENGTH = 8;

/** The waybill input is numeric and at least 8 characters (spec §5, §9). */
export const Waybill = z
  .string({ error: '物流单号格式错误' })
  .trim()
  .regex(new RegExp(`^\\d{${MIN_WAYBILL_LENGTH},}$`), '物流单号格式错误');

/** The logistics company is a dict entry (GET /order/getExpressSelect → dictId). */
export const ExpressCompany = z.number({ error: '请选择物流公司' }).int('请选择物流公司').positive('请选择物流公司');

/** POST /order/returnExpress: the shopper's return shipment in after-sale state 10. */
export const ReturnLogisticsForm = z.object({
  afterId: z.number().int().positive(),
  orderId: z.number().int().positive(),
  express: ExpressCompany,
  deliverFormid: Waybill,
});
export type ReturnLogisticsForm = z.infer<typeof ReturnLogisticsForm>;
