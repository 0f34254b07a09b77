/** The options of a product (spec §3 "Product options"): spec names and the SKU map with each SKU's activity. */
import type { SkuName, SkuOption } from '../../../domain/catalog/detail.contract';
import { effectivePriceFen, resolveActivity, skuActivityOf, type PromotionItem } from '../promotion/activity';
import type { SkuRow, SpecNameRow } from './product.queries';

export const SINGLE_STYLE = '单款项';

export const namesOf = (names: readonly SpecNameRow[]): SkuName[] => names.map((name) => ({
  nameCode: name.nameCode,
  skuName: name.skuName,
  values: name.values.map((value) => ({ valueCode: value.valueCode, skuValue: value.skuValue, skuName: name.skuName })),
}));

export interface SkuOptions {
  map: Record<string, SkuOption>;
  /** By skuId. */
  options: Map<number, SkuOption>;
  activities: Map<number, PromotionItem | null>;
}

export function skuOptionsOf(skus: readonly SkuRow[], items: readonly PromotionItem[], now: Date): SkuOptions {
  const map: Record<string, SkuOption> = {};
  const options = new Map<number, SkuOption>();
  const activities = new Map<number, PromotionItem | null>();
  for (const sku of skus) {
    const skuId = Number(sku.sku_id);
    const item = resolveActivity(items.filter((i) => i.skuId === skuId), now);
    const option: SkuOption = {
      ...skuActivityOf(item, now),
      skuId,
      valueCodes: sku.sku_key,
      value: sku.sku_values || SINGLE_STYLE,
      stockNumber: sku.stock,
      price: effectivePriceFen(Number(sku.price), item, now) / 100,
      originalPrice: Number(sku.original_price) / 100,
      image: sku.image,
    };
    map[sku.sku_key] = option;
    options.set(skuId, option);
    activities.set(skuId, item);
  }
  return { map, options, activities };
}
