import { parseCategoryRef, parseId, parseProductRef, productDetailHref } from '../../../web/src/lib/catalog-ui/links';

describe('given a product link built by the storefront', () => {
  it('reads back the same productId, skuId and shopId', () => {
    const href = productDetailHref({ productId: 12, skuId: 34, shopId: 5 });
    const proData = new URLSearchParams(href.split('?')[1]).get('proData');
    expect(parseProductRef(proData)).toEqual({ productId: 12, skuId: 34, shopId: 5 });
  });
});

describe('given hand-edited or broken query values', () => {
  it('gives undefined instead of throwing', () => {
    expect(parseProductRef('{"productId":1,"skuId":2}')).toBeUndefined();
    expect(parseProductRef('{not json')).toBeUndefined();
    expect(parseProductRef('{"productId":-1,"skuId":2,"shopId":3}')).toBeUndefined();
    expect(parseCategoryRef('[1,2]')).toBeUndefined();
    expect(parseId('abc')).toBeUndefined();
    expect(parseId('1e3')).toBe(1000);
    expect(parseId('0')).toBeUndefined();
  });

  it('accepts ids sent as numeric strings', () => {
    expect(parseProductRef('{"productId":"1","skuId":"2","shopId":"3"}')).toEqual({ productId: 1, skuId: 2, shopId: 3 });
    expect(parseCategoryRef('{"id":"7","categoryName":"手机"}')).toEqual({ id: 7, categoryName: '手机', classifyImage: undefined });
  });
});
