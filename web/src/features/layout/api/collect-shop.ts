import type { CollectShopResult } from '../../../../../domain/catalog/detail.contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ShopCollected = z.infer<typeof CollectShopResult>;

/** Spec §7 shop collect: POST shopId → classifyNumber, number, shopLogo (and the collectId to cancel with). */
export const collectShop = (shopId: number): Promise<ShopCollected> => api.post<ShopCollected>('/collect/collect', { shopId });
