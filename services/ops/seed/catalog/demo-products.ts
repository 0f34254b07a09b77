/** The demo products as `ProductListed` data, built once from the seeds; lookups for coupons, promotions and layouts. */
import type { ProductListed } from '../../../../domain/catalog/catalog.events';
import { buildProduct } from './products/product-builder';
import { productSeeds } from './products';
import type { ProductSeed } from './products/product-seed';

export const demoProducts: readonly ProductListed[] = productSeeds.map(buildProduct);

const byId = new Map(demoProducts.map((p) => [p.productId, p]));
const seedById = new Map(productSeeds.map((s) => [s.id, s]));

export function demoProduct(productId: number): ProductListed {
  const product = byId.get(productId);
  if (!product) throw new Error(`no demo product ${productId}`);
  return product;
}

export const productSeedOf = (productId: number): ProductSeed | undefined => seedById.get(productId);

/** On sale: shelved, and its shop is open. */
export const isOnSale = (productId: number, disabledShops: readonly number[]): boolean => {
  const seed = seedById.get(productId);
  return seed !== undefined && !seed.unshelved && !disabledShops.includes(seed.shop);
};
