/**
 * Prices priced lines per shop with domain/pricing: the catalogue's logistics templates as shipping templates, the
 * chosen coupons as pricing coupons (keyed by claim id), `settle` for the per-line allocation.
 *
 * Catalogue templates carry one national rule (LogisticsTemplate: first / additional fee): 按件 charges the first item
 * and each further item; 按重量 the first kilogram and each further (started) kilogram; 全国包邮 nothing.
 */
import type { LogisticsTemplate } from '../catalog/catalog.events';
import type { CouponSelection } from '../pricing/coupons';
import { settle, type Settlement, type SettlementShopInput } from '../pricing/settlement';
import { ChargeType, type ShippingTemplate } from '../pricing/shipping';
import type { PricedLine } from './checkout-lines';

const GRAMS_PER_KG = 1000;

export function shippingTemplateOf(template: LogisticsTemplate): ShippingTemplate {
  if (template.chargeType === ChargeType.free) return { templateId: template.logisticsId, chargeType: ChargeType.free, rules: [] };
  const unit = template.chargeType === ChargeType.perItem ? 1 : GRAMS_PER_KG;
  return {
    templateId: template.logisticsId,
    chargeType: template.chargeType,
    rules: [{ regions: [], first: unit, firstPriceFen: template.first, additional: unit, additionalPriceFen: template.additional }],
  };
}

/** Lines grouped by shop, shops in the order they first appear. */
export function byShop(lines: readonly PricedLine[]): Map<number, PricedLine[]> {
  const shops = new Map<number, PricedLine[]>();
  for (const line of lines) shops.set(line.sku.shopId, [...(shops.get(line.sku.shopId) ?? []), line]);
  return shops;
}

export function priceCheckout(lines: readonly PricedLine[], receiveAdress: string | null, coupons: CouponSelection): Settlement {
  const templates = new Map<number, ShippingTemplate>();
  for (const line of lines) templates.set(line.sku.logistics.logisticsId, shippingTemplateOf(line.sku.logistics));
  const shops: SettlementShopInput[] = [...byShop(lines)].map(([shopId, shopLines]) => ({
    shopId,
    lines: shopLines.map((l) => ({
      skuId: l.sku.skuId,
      productId: l.sku.productId,
      unitPriceFen: l.unitPriceFen,
      number: l.request.number,
      templateId: l.sku.logistics.chargeType === ChargeType.free ? null : l.sku.logistics.logisticsId,
      weightGrams: l.sku.weightGrams,
    })),
  }));
  return settle({ shops, templates: [...templates.values()], receiveAdress, coupons });
}
