/**
 * The requested lines against the catalogue now: each valid line priced (checkout-lines.ts), each invalid one named
 * with its reason. The same SKU asked twice counts once with the numbers added.
 */
import {
  invalidReasonOf, priceLine, type InvalidLine, type PricedLine, type ShopFacts,
} from '../../domain/checkout/checkout-lines';
import { fail } from '../../domain/shared/errors';
import type { CatalogFacts } from './catalog-facts';
import { claimOf, isGroupCheckout, type CheckoutRequest, type LineRequest } from './checkout-request';

export interface Goods {
  priced: PricedLine[];
  invalid: InvalidLine[];
  shops: Map<number, ShopFacts>;
}

function mergedLines(request: CheckoutRequest): LineRequest[] {
  const bySku = new Map<number, LineRequest>();
  for (const shop of request.shops) {
    for (const line of shop.skus) {
      const earlier = bySku.get(line.skuId);
      bySku.set(line.skuId, earlier
        ? { ...earlier, number: earlier.number + line.number, selected: earlier.selected || line.selected }
        : { ...line, shopId: shop.shopId });
    }
  }
  return [...bySku.values()];
}

export async function resolveGoods(catalog: CatalogFacts, request: CheckoutRequest, now: Date): Promise<Goods> {
  const lines = mergedLines(request);
  if (lines.length === 0) fail('settlementEmpty');
  if (isGroupCheckout(request) && lines.length !== 1) fail('badRequest', '拼团只能购买一件商品');
  const facts = await catalog.skus(lines.map((l) => l.skuId), now);
  const shops = await catalog.shops([...lines.map((l) => l.shopId), ...[...facts.values()].map((f) => f.shopId)]);
  const priced: PricedLine[] = [];
  const invalid: InvalidLine[] = [];
  for (const line of lines) {
    const sku = facts.get(line.skuId) ?? null;
    const shopGone = sku !== null && !(shops.get(sku.shopId)?.enabled ?? false);
    const reason = invalidReasonOf(line, sku) ?? (shopGone ? 'shopDisabled' : null);
    if (reason || !sku) invalid.push({ request: line, sku, reason: reason ?? 'gone' });
    else priced.push(priceLine(line, sku, claimOf(request, line, lines.length)));
  }
  return { priced, invalid, shops };
}
