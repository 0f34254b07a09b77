/**
 * Favourites (spec §4 "Shop collect", origin §8 /collect/*): events on the shopper's stream `collect-<userId>`.
 * collectId is generated outside the domain; it is what `PUT /collect/cancel {ids}` names.
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ShopCollected = z.object({
  type: z.literal('ShopCollected'),
  data: z.object({ collectId: Id, userId: Id, shopId: Id }),
});
export const ShopUncollected = z.object({
  type: z.literal('ShopUncollected'),
  data: z.object({ collectId: Id, userId: Id, shopId: Id }),
});
export const ProductCollected = z.object({
  type: z.literal('ProductCollected'),
  data: z.object({ collectId: Id, userId: Id, productId: Id, shopId: Id }),
});
export const ProductUncollected = z.object({
  type: z.literal('ProductUncollected'),
  data: z.object({ collectId: Id, userId: Id, productId: Id, shopId: Id }),
});
export type ShopCollected = z.infer<typeof ShopCollected>;
export type ShopUncollected = z.infer<typeof ShopUncollected>;
export type ProductCollected = z.infer<typeof ProductCollected>;
export type ProductUncollected = z.infer<typeof ProductUncollected>;

export const CollectEvent = z.discriminatedUnion('type', [ShopCollected, ShopUncollected, ProductCollected, ProductUncollected]);
export type CollectEvent = z.infer<typeof CollectEvent>;

export const COLLECT_EVENT_TYPES = ['ShopCollected', 'ShopUncollected', 'ProductCollected', 'ProductUncollected'] as const;

export const collectStream = (userId: number): string => `collect-${userId}`;
