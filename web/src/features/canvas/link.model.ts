import { categoryHref, productDetailHref, storeHref } from '../../lib/catalog-ui/links';
import { ids, num, record, text } from './canvas.model';

/**
 * Where a layout's link object leads (origin-contract §9 `linkObj`). v1.5 spells the target `selsectValue`;
 * later editors `selectValue`: both are read. A link that names no usable target gives undefined (no link).
 */
export type LinkTarget = { kind: 'route'; to: string } | { kind: 'external'; href: string };

const positive = (value: unknown): number | undefined => {
  const n = num(value, NaN);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** The name the editor gave a link's target (its `selectName`, e.g. a category or page name): a picture link's text. */
export const linkName = (linkObj: unknown): string => text(record(linkObj).selectName) || text(record(record(linkObj).data).name);

export function resolveLink(linkObj: unknown): LinkTarget | undefined {
  const link = record(linkObj);
  const target = text(link.selsectValue) || text(link.selectValue);
  const data = record(link.data);
  switch (target) {
    case '/index':
      return { kind: 'route', to: '/' };
    case '/category': {
      const id = positive(data.id) ?? positive(data.classifyId);
      if (!id) return undefined;
      const categoryName = text(data.categoryName) || text(data.classifyName) || text(link.selectName);
      return { kind: 'route', to: categoryHref({ id, categoryName, classifyImage: text(data.classifyImage) || undefined }) };
    }
    case '/detail': {
      const productId = positive(data.productId);
      const shopId = positive(data.shopId);
      const skuId = positive(data.skuId);
      return productId && shopId && skuId ? { kind: 'route', to: productDetailHref({ productId, skuId, shopId }) } : undefined;
    }
    case '/shop': {
      const shopId = positive(data.shopId) ?? positive(data.id);
      return shopId ? { kind: 'route', to: storeHref(shopId) } : undefined;
    }
    case '/custom': {
      const id = positive(data.id) ?? positive(data.customId) ?? ids(link.url)[0];
      return id ? { kind: 'route', to: `/custom?shopId=${id}` } : undefined;
    }
    default: {
      const url = text(link.url);
      return /^https?:\/\//.test(url) ? { kind: 'external', href: url } : undefined;
    }
  }
}
