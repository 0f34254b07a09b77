import type { Coupon } from '../../../domain/pricing/coupons';
import type { SettlementInput, SettlementShopInput } from '../../../domain/pricing/settlement';
import type { ShippingTemplate } from '../../../domain/pricing/shipping';
import { DomainError } from '../../../domain/shared/errors';

/** Per item everywhere: 6.00 for the first item, 2.00 for each further one. */
export const perItem: ShippingTemplate = {
  templateId: 1, chargeType: 1, rules: [{ regions: [], first: 1, firstPriceFen: 600, additional: 1, additionalPriceFen: 200 }],
};
export const freeShipping: ShippingTemplate = { templateId: 3, chargeType: 3, rules: [] };

const line = (skuId: number, productId: number, unitPriceFen: number, number: number, templateId: number | null) =>
  ({ skuId, productId, unitPriceFen, number, templateId, weightGrams: 0 });

/** Shop 9: 2 × 50.00 + 1 × 50.00, shipping 10.00 (3 items). */
export const shop9: SettlementShopInput = { shopId: 9, lines: [line(204, 1001, 5000, 2, 1), line(205, 1002, 5000, 1, 1)] };
/** Shop 12: 29.99, no template (free). */
export const shop12: SettlementShopInput = { shopId: 12, lines: [line(301, 2001, 2999, 1, null)] };
/** Shop 5: 10.01 on a 全国包邮 template. */
export const shop5: SettlementShopInput = { shopId: 5, lines: [line(401, 3001, 1001, 1, 3)] };
/** Shop 13: 1000.00, free shipping. */
export const shop13: SettlementShopInput = { shopId: 13, lines: [line(501, 4001, 100000, 1, null)] };
/** Shop 9 with only sku 205 (50.00, shipping 6.00). */
export const shop9Small: SettlementShopInput = { shopId: 9, lines: [line(205, 1002, 5000, 1, 1)] };

export const input = (shops: SettlementShopInput[], coupons: Partial<SettlementInput['coupons']> = {}): SettlementInput => ({
  shops, templates: [perItem, freeShipping], receiveAdress: '广东省-深圳市-南山区', coupons: { platform: null, shops: {}, ...coupons },
});

export const amountOff = (scope: 'platform' | 'shop', amountFen: number, extra: Partial<Coupon> = {}): Coupon =>
  ({ couponId: 11, scope, rate: { kind: 'amountOff', amountFen }, thresholdFen: 0, productIds: [], stackable: true, ...extra });

export const discount = (scope: 'platform' | 'shop', figure: number, extra: Partial<Coupon> = {}): Coupon =>
  ({ couponId: 12, scope, rate: { kind: 'discount', figure }, thresholdFen: 0, productIds: [], stackable: true, ...extra });

export function rejection(run: () => unknown): { code: string; message: string } {
  try { run(); } catch (e) { if (e instanceof DomainError) return { code: e.code, message: e.message }; throw e; }
  throw new Error('expected a rejection');
}
