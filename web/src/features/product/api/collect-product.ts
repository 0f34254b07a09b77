import type { CollectProductResult } from '../../../../../domain/catalog/detail.contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** Spec §7 collect product: POST productId → the collectId to cancel with. */
export const collectProduct = (productId: number): Promise<z.infer<typeof CollectProductResult>> =>
  api.post('/collect/collect', { productId });
