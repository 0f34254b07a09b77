import { destinationOf, parseRegions, shopShipping, templateFee, type ShippingTemplate } from '../../../domain/pricing/shipping';

const guangdong = destinationOf('广东省-深圳市-南山区');
const perItem: ShippingTemplate = {
  templateId: 1, chargeType: 1,
  rules: [
    { regions: parseRegions('广东省:深圳市,广州市'), first: 1, firstPriceFen: 600, additional: 1, additionalPriceFen: 200 },
    { regions: parseRegions('广东省;湖南省'), first: 1, firstPriceFen: 800, additional: 1, additionalPriceFen: 300 },
    { regions: [], first: 2, firstPriceFen: 1200, additional: 3, additionalPriceFen: 500 },
  ],
};
const byWeight: ShippingTemplate = {
  templateId: 2, chargeType: 2,
  rules: [{ regions: [], first: 1000, firstPriceFen: 800, additional: 500, additionalPriceFen: 300 }],
};
const free: ShippingTemplate = { templateId: 3, chargeType: 3, rules: [] };
const regional: ShippingTemplate = { templateId: 4, chargeType: 1, rules: [{ regions: parseRegions('新疆维吾尔自治区'), first: 1, firstPriceFen: 2000, additional: 0, additionalPriceFen: 0 }] };
const line = (templateId: number | null, number: number, weightGrams = 0) => ({ templateId, number, weightGrams });

describe('a region list in the original\'s stored form', () => {
  it('parses provinces with and without cities', () => {
    expect(parseRegions('广东省:深圳市,广州市;湖南省')).toEqual([
      { province: '广东省', cities: ['深圳市', '广州市'] }, { province: '湖南省', cities: [] },
    ]);
  });
});

describe('a per-item template', () => {
  it.each([
    ['one item to a listed city', '广东省-深圳市-南山区', 1, 600],
    ['three items to a listed city', '广东省-广州市-天河区', 3, 1000],
    ['two items to the province at large', '广东省-佛山市-禅城区', 2, 1100],
    ['two items to another listed province', '湖南省-长沙市-岳麓区', 2, 1100],
    ['two items elsewhere (default rule, first 2)', '湖北省-武汉市-武昌区', 2, 1200],
    ['six items elsewhere (4 more in blocks of 3 → 2 blocks)', '湖北省-武汉市-武昌区', 6, 2200],
    ['one item before any address is chosen', null, 1, 1200],
  ])('charges %s', (_, address, number, fen) => {
    expect(templateFee(perItem, [line(1, number)], destinationOf(address))).toBe(fen);
  });
});

describe('a by-weight template', () => {
  it.each([
    ['within the first weight', 500, 2, 800],
    ['400 g over (one started block)', 700, 2, 1100],
    ['1001 g over (three started blocks)', 667, 3, 1700],
  ])('charges %s, weight × quantity', (_, grams, number, fen) => {
    expect(templateFee(byWeight, [line(2, number, grams)], guangdong)).toBe(fen);
  });
});

describe('a free-shipping template', () => {
  it('charges nothing', () => {
    expect(templateFee(free, [line(3, 10)], guangdong)).toBe(0);
  });
});

describe('a template without a rule for the destination', () => {
  it('charges nothing', () => {
    expect(templateFee(regional, [line(4, 1)], guangdong)).toBe(0);
  });
});

describe('a shop whose lines use different templates', () => {
  const templates = [perItem, byWeight, free];

  it('pays the highest template fee, not the sum', () => {
    expect(shopShipping([line(1, 1), line(2, 1, 2500), line(3, 5)], templates, guangdong))
      .toEqual({ fen: 1700, templateId: 2, distributionName: '按重量' });
  });

  it('prices each template on its own lines only', () => {
    expect(shopShipping([line(1, 3), line(2, 1, 100)], templates, guangdong))
      .toEqual({ fen: 1000, templateId: 1, distributionName: '按件' });
  });

  it('ships free (全国包邮) when every line is free or has no template', () => {
    expect(shopShipping([line(null, 2), line(3, 1)], templates, guangdong))
      .toEqual({ fen: 0, templateId: 3, distributionName: '全国包邮' });
    expect(shopShipping([line(null, 2)], templates, guangdong))
      .toEqual({ fen: 0, templateId: null, distributionName: '全国包邮' });
  });

  it('refuses a template it does not know', () => {
    expect(() => shopShipping([line(9, 1)], templates, guangdong)).toThrow(RangeError);
  });
});
