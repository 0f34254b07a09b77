import { z } from 'zod';

export const OUT_OF_STOCK = '商品库存不足';

/** A running flash sale or discount's per-person limit (限购), as origin answers it (80005). */
export const OVER_ACTIVITY_LIMIT = '已超出最大限制购买数量';

/**
 * Quantity in the cart, at buy-now and at group opening: 1 up to the stock (spec §5), and up to the per-person limit of
 * a running flash sale or discount (`userLimit`, 0 = none).
 */
export const cartQuantityRule = (stock: number, userLimit = 0) => {
  const quantity = z.number({ error: '请输入正确的商品数量' }).int('请输入正确的商品数量').min(1, '商品数量不能少于1件').max(stock, OUT_OF_STOCK);
  return userLimit > 0 ? quantity.max(userLimit, OVER_ACTIVITY_LIMIT) : quantity;
};

/** Adding to the cart, buying and opening a group need stock left. */
export const InStock = z.number().int().min(1, OUT_OF_STOCK);

/** PUT /cart/updateNumber and POST /cart/addCart shape; the stock check needs the sku, so it is the rule above. */
export const CartQuantityChange = z.object({
  skuId: z.number().int().positive(),
  number: z.number({ error: '请输入正确的商品数量' }).int('请输入正确的商品数量').min(1, '商品数量不能少于1件'),
});
export type CartQuantityChange = z.infer<typeof CartQuantityChange>;

/** A cart line as checkout sees it: selected flag and shelve state (0 off shelf, 1 on shelf). */
export const CheckoutLine = z.object({ selected: z.union([z.literal(0), z.literal(1)]), shelveState: z.number().int() });

/** Checkout needs one selected line and no selected line off the shelf. */
export const CartCheckout = z
  .array(CheckoutLine)
  .refine((lines) => lines.some((l) => l.selected === 1), { error: '请至少选中一件商品', abort: true })
  .refine((lines) => lines.every((l) => l.selected === 0 || l.shelveState === 1), { error: '选中的商品中有下架商品' });

export const MAX_CART_DELETE_IDS = 200;

/** DELETE /cart/delete with the selected sku ids. */
export const CartDeleteSelected = z.object({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), { error: '请选中需要删除的商品' })
    .min(1, '请选中需要删除的商品')
    // a cart is far smaller; a bounded list keeps one request from carrying an unbounded command (issue 13)
    .max(MAX_CART_DELETE_IDS, `参数 ids 无效：一次最多删除${MAX_CART_DELETE_IDS}件商品`),
});
