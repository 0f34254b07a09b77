/**
 * Checking out from the cart (spec §5): at least one line selected (请至少选中一件商品), no selected line off the shelf
 * (选中的商品中有下架商品), and each selected quantity within its stock (商品库存不足). The checkout reads the cart read
 * model, passes its lines here, and settles only what this returns.
 */
import { fail } from '../shared/errors';

export interface CheckoutCandidate {
  skuId: number;
  number: number;
  selected: boolean;
  /** Shelved, in an enabled shop, and still one of the product's SKUs. */
  onSale: boolean;
  stock: number;
}

export function selectedForCheckout<Line extends CheckoutCandidate>(lines: readonly Line[]): Line[] {
  const selected = lines.filter((line) => line.selected);
  if (selected.length === 0) fail('settlementEmpty');
  if (selected.some((line) => !line.onSale)) fail('cartHasUnshelved');
  if (selected.some((line) => line.stock <= 0 || line.number > line.stock)) fail('outOfStock');
  return selected;
}
