import type { Fen } from '../shared/money';

/**
 * Shipping by logistics template (origin-contract §5.1). A template charges per item (按件), by weight (按重量)
 * or nothing (全国包邮); its rules price a region: first units at a first price, each further block of
 * `additional` units (started blocks count) at the additional price. A shop whose lines use several
 * templates pays the highest template fee, not the sum.
 *
 * Rules we chose where the original is silent or defective:
 * - the destination is matched city first, then province, then the template's rule without regions (default);
 *   a template with no rule for the destination charges nothing;
 * - weight is the line weight × quantity (the original summed sku weights without the quantity);
 * - a line without a template (ifLogistics 0) ships free.
 */
export const ChargeType = { perItem: 1, byWeight: 2, free: 3 } as const;
export type ChargeType = (typeof ChargeType)[keyof typeof ChargeType];

export const distributionNames: Record<ChargeType, string> = { 1: '按件', 2: '按重量', 3: '全国包邮' };

/** A province, optionally narrowed to some of its cities. */
export interface Region { province: string; cities: string[] }

export interface ShippingRule {
  /** Empty: the template's default rule. */
  regions: Region[];
  /** Items (per item) or grams (by weight) covered by the first price. */
  first: number;
  firstPriceFen: Fen;
  /** Size of each further block; 0 = no further charge. */
  additional: number;
  additionalPriceFen: Fen;
}

export interface ShippingTemplate { templateId: number; chargeType: ChargeType; rules: ShippingRule[] }

export interface ShippingLine { templateId: number | null; number: number; weightGrams: number }

export interface Destination { province: string; city: string }

export interface ShopShipping { fen: Fen; templateId: number | null; distributionName: string }

/** "广东省:深圳市,广州市;湖南省" → regions (the original's stored form). */
export function parseRegions(text: string): Region[] {
  return text.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const [province, cities = ''] = part.split(':');
    return { province: province.trim(), cities: cities.split(',').map((c) => c.trim()).filter(Boolean) };
  });
}

/** receiveAdress "湖北省-武汉市-武昌区" → destination; null or blank → nowhere (only default rules match). */
export function destinationOf(receiveAdress: string | null | undefined): Destination {
  const [province = '', city = ''] = (receiveAdress ?? '').split('-').map((s) => s.trim());
  return { province, city };
}

function ruleFor(template: ShippingTemplate, to: Destination): ShippingRule | undefined {
  const inCity = (r: Region) => r.province === to.province && r.cities.includes(to.city);
  const inProvince = (r: Region) => r.province === to.province && r.cities.length === 0;
  return template.rules.find((rule) => rule.regions.some(inCity))
    ?? template.rules.find((rule) => rule.regions.some(inProvince))
    ?? template.rules.find((rule) => rule.regions.length === 0);
}

export function ruleFee(rule: ShippingRule, units: number): Fen {
  if (units <= rule.first || rule.additional <= 0) return rule.firstPriceFen;
  const blocks = Math.ceil((units - rule.first) / rule.additional);
  return rule.firstPriceFen + blocks * rule.additionalPriceFen;
}

export function templateFee(template: ShippingTemplate, lines: readonly ShippingLine[], to: Destination): Fen {
  if (template.chargeType === ChargeType.free || lines.length === 0) return 0;
  const rule = ruleFor(template, to);
  if (!rule) return 0;
  const units = template.chargeType === ChargeType.perItem
    ? lines.reduce((sum, l) => sum + l.number, 0)
    : lines.reduce((sum, l) => sum + l.weightGrams * l.number, 0);
  return ruleFee(rule, units);
}

/** The shop's fee: each template prices its own lines, the highest wins (ties: the lower template id). */
export function shopShipping(
  lines: readonly ShippingLine[], templates: readonly ShippingTemplate[], to: Destination,
): ShopShipping {
  const free: ShopShipping = { fen: 0, templateId: null, distributionName: distributionNames[ChargeType.free] };
  const used = [...new Set(lines.map((l) => l.templateId).filter((id): id is number => id !== null))].sort((a, b) => a - b);
  return used.reduce<ShopShipping>((best, templateId) => {
    const template = templates.find((t) => t.templateId === templateId);
    if (!template) throw new RangeError(`unknown shipping template ${templateId}`);
    const fen = templateFee(template, lines.filter((l) => l.templateId === templateId), to);
    const candidate = { fen, templateId, distributionName: distributionNames[template.chargeType] };
    return best.templateId === null || fen > best.fen ? candidate : best;
  }, free);
}
