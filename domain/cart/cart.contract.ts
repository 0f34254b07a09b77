/**
 * Response contract of the cart slice (spec §3 Cart, §7 Cart; origin §4 ShopCart/CartSku), shared by the API
 * (services/api/cart) and the web. Each schema is the `data` of the envelope; money in yuan.
 */
import { z } from 'zod';

const Id = z.number().int().positive();
const Yuan = z.number().nonnegative();
const Flag = z.union([z.literal(0), z.literal(1)]);

export const CartSku = z.object({
  shopId: Id,
  skuId: Id,
  productId: Id,
  productName: z.string(),
  image: z.string(),
  /** The specification as shown: 颜色:红色 尺码:XL ('' for a single-style product). */
  sku: z.string(),
  /** The values joined by ',' as the original API sends them: 红色,XL. */
  value: z.string(),
  values: z.array(z.string()),
  price: Yuan,
  originalPrice: Yuan,
  number: z.number().int().positive(),
  stockNumber: z.number().int().nonnegative(),
  /** Per-person limit of the flash sale or discount running for the SKU (0 = none): the stepper stops there. */
  userLimit: z.number().int().nonnegative(),
  /** 1 on sale; 0 off the shelf, shop disabled or SKU gone. Off-shelf and sold-out lines stay in the cart, flagged. */
  shelveState: Flag,
  selected: Flag,
  /** price × number */
  total: Yuan,
});
export type CartSku = z.infer<typeof CartSku>;

export const ShopCart = z.object({
  shopId: Id,
  shopName: z.string(),
  shopLogo: z.string(),
  /** 1 when every line of the shop that can be bought is selected. */
  selected: Flag,
  skus: z.array(CartSku).min(1),
});
export type ShopCart = z.infer<typeof ShopCart>;

/** GET /cart/getCart: shops in the order of their newest line, lines newest first. */
export const Cart = z.array(ShopCart);
export type Cart = z.infer<typeof Cart>;

/** Every cart write answers the count after it (spec §3: the number of SKU lines). */
export const CartCount = z.object({ cartNumber: z.number().int().nonnegative() });
export type CartCount = z.infer<typeof CartCount>;

/** The websocket push on `user:<id>` after a cart change. */
export const CartCountPush = CartCount;
