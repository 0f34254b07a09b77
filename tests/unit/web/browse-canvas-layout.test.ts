import { contrastRatio, deferredTypes, ids, parseLayout, readableOn } from '../../../web/src/features/canvas/canvas.model';
import { resolveLink } from '../../../web/src/features/canvas/link.model';

const component = (type: string, componentContent: object = {}) => ({ title: type, type, componentContent });

describe('given a fetched layout of five components', () => {
  const json = JSON.stringify([
    component('banner', { bannerData: [] }),
    component('text', { title: '拼团专区' }),
    component('productList'),
    component('coupon'),
    component('videoBox'),
  ]);

  it('drops the fourth component (spec §4) and keeps the others in order', () => {
    expect(parseLayout(json).map((c) => c.type)).toEqual(['banner', 'text', 'productList', 'videoBox']);
  });

  it('counts product, coupon, group, spike and discount blocks as deferred', () => {
    expect([...deferredTypes].sort()).toEqual(['coupon', 'discountList', 'groupList', 'productList', 'spikeList']);
  });
});

describe('given a layout with an unknown type or malformed entries', () => {
  it('leaves them out after the drop and reads a missing componentContent as empty', () => {
    const json = JSON.stringify([component('notice'), 'x', { type: 'text' }, component('assistDiv'), component('vip')]);
    expect(parseLayout(json)).toEqual([{ key: '2-text', type: 'text', title: '', content: {} }]);
  });

  it('gives no components for unparseable JSON or a non-list', () => {
    expect(parseLayout('{oops')).toEqual([]);
    expect(parseLayout('{"type":"banner"}')).toEqual([]);
  });
});

describe('given editor id fields', () => {
  it('reads arrays, single ids, comma lists and numeric strings, dropping the rest', () => {
    expect(ids([47, '48', '', 0, -1])).toEqual([47, 48]);
    expect(ids('3,5, 8')).toEqual([3, 5, 8]);
    expect(ids(33)).toEqual([33]);
    expect(ids('')).toEqual([]);
  });
});

describe('given link objects of each target', () => {
  it('leads /index home, /detail to the product, /shop to the store and /custom to the custom page', () => {
    expect(resolveLink({ selsectValue: '/index' })).toEqual({ kind: 'route', to: '/' });
    expect(resolveLink({ selsectValue: '/detail', data: { productId: 5, skuId: 9, shopId: 2 } })).toEqual({
      kind: 'route',
      to: `/productDetail?proData=${encodeURIComponent('{"productId":5,"skuId":9,"shopId":2}')}`,
    });
    expect(resolveLink({ selectValue: '/shop', data: { shopId: 7 } })).toEqual({ kind: 'route', to: '/store?shopId=7' });
    expect(resolveLink({ selsectValue: '/custom', data: { id: 3 } })).toEqual({ kind: 'route', to: '/custom?shopId=3' });
  });

  it('leads /category to the category page with the category as JSON', () => {
    const target = resolveLink({ selsectValue: '/category', data: { id: 770, categoryName: '篮球', classifyImage: '/i.svg' } });
    expect(target?.kind).toBe('route');
    const to = target?.kind === 'route' ? target.to : '';
    const classifyData = new URLSearchParams(to.split('?')[1]).get('classifyData');
    expect(JSON.parse(classifyData ?? '')).toMatchObject({ id: 770, categoryName: '篮球' });
  });

  it('gives no link for an empty target, missing ids or a script URL', () => {
    expect(resolveLink({ selsectValue: '', url: '' })).toBeUndefined();
    expect(resolveLink({ selsectValue: '/detail', data: { productId: 5 } })).toBeUndefined();
    expect(resolveLink({ selsectValue: '', url: 'javascript:alert(1)' })).toBeUndefined();
    expect(resolveLink(undefined)).toBeUndefined();
  });
});

describe('given an editor colour for a text block', () => {
  it('keeps a colour that already reads at 4.5:1 on the background', () => {
    expect(readableOn('#333333', '#ffffff')).toBe('#333333');
  });

  it('darkens a light grey on white, keeping its hue, until it reads at 4.5:1', () => {
    const darker = readableOn('#999999', '#ffffff');
    expect(contrastRatio('#999999', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(new Set(darker.slice(1).match(/../g))).toEqual(new Set([darker.slice(1, 3)]));
  });

  it('leaves colours on a dark background and colours that are not hex as the editor set them', () => {
    expect(readableOn('#999999', '#000000')).toBe('#999999');
    expect(readableOn('gray', '#ffffff')).toBe('gray');
  });
});
