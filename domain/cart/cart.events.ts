/**
 * The shopper's cart as events, one stream per shopper: `cart-<userId>` (DESIGN.md §4). A line is one SKU with a
 * quantity and a selected flag; events name lines by skuId. Quantities are absolute where a line changes (`number`
 * is the line's quantity after the event), so the read model applies each event without reading its own rows.
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Quantity = z.number().int().min(1);
const SkuIds = z.array(Id).min(1);

/** A SKU as it enters the cart: the product and shop it belongs to travel with it (the read model groups by shop). */
export const CartLineRef = z.object({ skuId: Id, productId: Id, shopId: Id });
export type CartLineRef = z.infer<typeof CartLineRef>;

export const CartLineAdded = z.object({
  userId: Id,
  ...CartLineRef.shape,
  /** Units this add put in. */
  added: Quantity,
  /** The line's quantity after the add (an add to a line already in the cart adds up). */
  number: Quantity,
});
export type CartLineAdded = z.infer<typeof CartLineAdded>;

export const CartLineNumberChanged = z.object({ userId: Id, skuId: Id, number: Quantity });
export type CartLineNumberChanged = z.infer<typeof CartLineNumberChanged>;

export const CartLinesSelected = z.object({ userId: Id, skuIds: SkuIds });
export const CartLinesUnselected = z.object({ userId: Id, skuIds: SkuIds });
export const CartLinesRemoved = z.object({ userId: Id, skuIds: SkuIds });
/** 清空购物车: the lines it removed, named, so the history reads without replaying the stream. */
export const CartCleared = z.object({ userId: Id, skuIds: SkuIds });
/** 清除失效商品: off-shelf, shop disabled, SKU gone or sold out when the shopper asked. */
export const CartInvalidLinesCleared = z.object({ userId: Id, skuIds: SkuIds });
/** The checkout placed order `orderId` from these lines: they leave the cart. */
export const CartLinesCheckedOut = z.object({ userId: Id, orderId: Id, skuIds: SkuIds });

export const CartBoughtAgain = z.object({
  userId: Id,
  orderId: Id,
  /** Lines re-added from the order, selected; `added` may be 0 when the line already held all the stock. */
  lines: z.array(z.object({ ...CartLineRef.shape, added: z.number().int().min(0), number: Quantity })).min(1),
});
export type CartBoughtAgain = z.infer<typeof CartBoughtAgain>;

type SkuList = z.infer<typeof CartLinesRemoved>;
type CheckedOut = z.infer<typeof CartLinesCheckedOut>;

export type CartEvent =
  | { type: 'CartLineAdded'; data: CartLineAdded }
  | { type: 'CartLineNumberChanged'; data: CartLineNumberChanged }
  | { type: 'CartLinesSelected'; data: SkuList }
  | { type: 'CartLinesUnselected'; data: SkuList }
  | { type: 'CartLinesRemoved'; data: SkuList }
  | { type: 'CartCleared'; data: SkuList }
  | { type: 'CartInvalidLinesCleared'; data: SkuList }
  | { type: 'CartLinesCheckedOut'; data: CheckedOut }
  | { type: 'CartBoughtAgain'; data: CartBoughtAgain };

export type CartEventType = CartEvent['type'];

/** Every cart event's schema, for the projection and for anyone validating stored data. */
export const CartEvents = {
  CartLineAdded, CartLineNumberChanged, CartLinesSelected, CartLinesUnselected, CartLinesRemoved, CartCleared,
  CartInvalidLinesCleared, CartLinesCheckedOut, CartBoughtAgain,
} as const satisfies Record<CartEventType, z.ZodType>;

export const cartEventTypes = Object.keys(CartEvents) as readonly CartEventType[];

export const cartStream = (userId: number): string => `cart-${userId}`;
