import { z } from 'zod';
import { AfterSaleForm, type AfterSaleFormInput } from '../../../../domain/rules/after-sale.rule';
import { MAX_IMAGES } from '../../../../domain/rules/images.rule';
import { fenToYuan, yuanToFen } from '../../../../domain/shared/money';

export { MAX_IMAGES };

/** What `/afterSale?state=1&orderData=` carries: the order with the lines chosen in my orders (spec §2). */
const OrderData = z.object({
  orderId: z.number().int().positive(),
  orderFormid: z.string(),
  state: z.number().int(),
  shopId: z.number().int().optional(),
  shopName: z.string().optional(),
  logisticsPrice: z.number().optional(),
  /** 售后截止时间 of a completed order ('' before receipt) */
  afterSaleUntil: z.string().optional(),
  skus: z
    .array(
      z.object({
        productId: z.number().int().optional(),
        skuId: z.number().int().positive(),
        productName: z.string(),
        image: z.string().default(''),
        value: z.string().default(''),
        number: z.number().int().positive(),
        price: z.number(),
      }),
    )
    .min(1),
});
export type AfterSaleOrder = z.infer<typeof OrderData>;

/** The serialized order of the route, or null when it is missing or not an order. */
export function parseOrderData(raw: string | null): AfterSaleOrder | null {
  if (!raw) return null;
  try {
    const parsed = OrderData.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface ApplyValues {
  afterType?: 1 | 2;
  goodsState?: 0 | 1;
  returnReason?: string;
  explain?: string;
  images: string[];
}

/** The goods of an order not yet shipped (state 2) cannot have arrived: only 未收到货 is offered. */
export const goodsStateChoices = (order: Pick<AfterSaleOrder, 'state'>): Array<0 | 1> => (order.state === 2 ? [0] : [0, 1]);

/** The client's figure of the refund: the chosen lines in full (the server recomputes it from the order, origin §6). */
export const linesTotal = (order: Pick<AfterSaleOrder, 'skus'>): number =>
  fenToYuan(order.skus.reduce((sum, s) => sum + yuanToFen(s.price) * s.number, 0));

/** POST /after/submit's body (spec §3 Request): every chosen line with its whole quantity; images comma-joined. */
export function applicationOf(order: AfterSaleOrder, values: ApplyValues): AfterSaleFormInput & { image: string } {
  return {
    orderId: order.orderId,
    afterType: values.afterType as 1 | 2,
    goodsState: values.goodsState as 0 | 1,
    returnReason: values.returnReason ?? '',
    explain: values.explain ?? '',
    image: values.images.join(','),
    skus: order.skus.map((s) => ({ skuId: s.skuId, number: s.number })),
    price: linesTotal(order),
  };
}

/**
 * The first thing missing, in the form's order, with the spec's message (请选择售后方式, 请选择货物状态,
 * 请选择售后理由, at most 5 images): the domain's own rule, so the web and the API say the same. Null when complete.
 */
export function firstProblem(order: AfterSaleOrder, values: ApplyValues): string | null {
  const parsed = AfterSaleForm.safeParse(applicationOf(order, values));
  return parsed.success ? null : parsed.error.issues[0].message;
}
