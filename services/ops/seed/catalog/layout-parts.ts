/**
 * Builders for page-layout components (origin-contract §9): `{title, type, index, isNoData, componentContent}` with the
 * editor's field names, and link objects `{selsectValue, selectName, typeText, url, data}` pointing at real ids.
 * `url` carries the storefront route for convenience; `data` is the authority.
 */
import type { CouponIssued, ProductListed } from '../../../../domain/catalog/catalog.events';
import { formatShanghai } from '../../../../domain/shared/time';
import { categoryImage } from './catalog-images';
import type { FlatCategory } from './categories.data';
import { couponContent } from './coupons.data';
import type { ShopSeed } from './shops.data';

export interface LinkObj {
  selsectValue: string;
  selectName: string;
  typeText: string;
  url: string;
  data: Record<string, unknown>;
}

export interface Component {
  title: string;
  type: string;
  index: number;
  isNoData: boolean;
  componentContent: Record<string, unknown>;
}

type Part = Omit<Component, 'index' | 'isNoData'>;

export const noLink = (): LinkObj => ({ selsectValue: '', selectName: '', typeText: '', url: '', data: {} });
export const indexLink = (): LinkObj => ({ selsectValue: '/index', selectName: '首页', typeText: '页面', url: '/index', data: {} });

export const productLink = (p: ProductListed): LinkObj => ({
  selsectValue: '/detail', selectName: p.productName, typeText: '商品',
  url: `/productDetail?proData=${encodeURIComponent(JSON.stringify({ productId: p.productId, skuId: p.skus[0].skuId, shopId: p.shopId }))}`,
  data: { productId: p.productId, skuId: p.skus[0].skuId, shopId: p.shopId, productName: p.productName, image: p.images[0] },
});

export const categoryData = (c: FlatCategory) =>
  ({ id: c.id, parentId: c.parentId, depth: c.level, categoryName: c.name, classifyImage: categoryImage(c), childs: '' });

export const categoryLink = (c: FlatCategory): LinkObj => ({
  selsectValue: '/category', selectName: c.name, typeText: '类别',
  url: `/categoryProduct/${c.id}?name=${encodeURIComponent(c.name)}`, data: categoryData(c),
});

export const shopLink = (s: ShopSeed): LinkObj => ({
  selsectValue: '/shop', selectName: s.shopName, typeText: '店铺', url: `/store?shopId=${s.shopId}`,
  data: { shopId: s.shopId, shopName: s.shopName },
});

export const customLink = (customId: number, name: string): LinkObj => ({
  selsectValue: '/custom', selectName: name, typeText: '自定义页面', url: `/custom?customId=${customId}`, data: { id: customId, name },
});

/** Numbers the parts in order: the storefront drops the 4th, so callers put a spacer there (checked by the seed tests). */
export const numbered = (parts: Part[]): Component[] =>
  parts.map((part, index) => ({ ...part, index, isNoData: false }));

export const assistDiv = (height = 20, bgColor = '#f5f5f5'): Part =>
  ({ title: '辅助分割', type: 'assistDiv', componentContent: { height, bgColor } });

export const heading = (title: string, describe: string, link: LinkObj | '' = ''): Part => ({
  title: '标题文本', type: 'text', componentContent: {
    title, describe, textPos: 'center', fontSizeNum: '28', describeSizeNum: '14', textFontW: 'bold', describeFontW: 'normal',
    titColor: '#333333', describeColor: '#999999', bgColor: '#ffffff', showLine: false, showMore: link !== '', styleValue: '1', link,
  },
});

export const banner = (slides: { image: string; link: LinkObj }[]): Part =>
  ({ title: '轮播图', type: 'banner', componentContent: { height: 400, bannerData: slides.map((s) => ({ bannerUrl: s.image, linkObj: s.link })) } });

export const productsByIds = (title: string, products: ProductListed[], columns = 5, link: LinkObj = noLink()): Part => ({
  title, type: 'productList', componentContent: {
    title, productData: { sourceType: '1', categoryId: 0, categoryName: '', productIdList: products.map((p) => p.productId), imgTextData: [] },
    productRowNum: Math.ceil(products.length / columns), productNum: columns, arrangeType: '多行多列', showMore: true, styleValue: '1', linkObj: link,
  },
});

export const productsByCategory = (title: string, c: FlatCategory, columns = 5): Part => ({
  title, type: 'productList', componentContent: {
    title, productData: { sourceType: '2', categoryId: c.id, categoryName: c.name, productIdList: [], imgTextData: [] },
    productRowNum: 2, productNum: columns, arrangeType: '多行多列', showMore: true, styleValue: '1', linkObj: categoryLink(c),
  },
});

export function couponBlock(title: string, coupons: CouponIssued[]): Part {
  const shop = coupons.some((c) => c.shopCouponId > 0);
  const idOf = (c: CouponIssued) => (shop ? c.shopCouponId : c.couponId);
  return {
    title, type: 'coupon', componentContent: {
      arrangeActiveIndex: 2, cardActiveIndex: 1, colorActiveIndex: shop ? 1 : 0, selectedCoupon: coupons.map(idOf),
      couponList: coupons.map((c) => ({
        ...(shop ? { shopCouponId: c.shopCouponId, shopId: c.shopId } : { activityId: c.couponId }), couponId: c.couponId,
        activityName: c.activityName, couponName: c.activityName, content: couponContent(c), couponType: c.couponType,
        threshold: c.threshold / 100, fullMoney: c.threshold / 100, reduceMoney: c.reduceMoney / 100,
        couponContent: c.couponType === 2 ? c.discountTenths / 10 : c.reduceMoney / 100,
        effectiveStart: formatShanghai(c.startTime), effectiveEnd: formatShanghai(c.endTime),
      })),
    },
  };
}

export const spikeList = (title: string, activities: { id: number; name: string }[]): Part => ({
  title, type: 'spikeList', componentContent: {
    title, productData: { products: [], productIdList: [] }, shopSeckillId: activities.map((a) => a.id),
    activityName: activities.map((a) => a.name), arrangeType: '多行多列',
  },
});

export const discountList = (title: string, activity: { id: number; name: string }): Part => ({
  title, type: 'discountList', componentContent: {
    title, productData: {}, discountId: '', shopDiscountId: activity.id, activityName: activity.name, arrangeType: '多行多列', moreBg: '', showMore: true,
  },
});

export const groupList = (title: string, activity: { id: number; name: string }): Part => ({
  title, type: 'groupList', componentContent: {
    title, productData: { products: [] }, shopGroupWorkId: activity.id, activityName: activity.name, productRowNum: 1, productNum: 4,
    arrangeType: '多行多列', showMore: true, styleValue: '1',
  },
});

const cubeElements = { L1: 2, L2: 3, L3: 4, L4: 3 } as const;

/** Magic cube: L1 two side by side, L2 three in a row, L3 four in a row, L4 one large left and two stacked right. */
export const magicCube = (layoutType: keyof typeof cubeElements, tiles: { src: string; link: LinkObj }[]): Part => {
  if (tiles.length !== cubeElements[layoutType]) throw new Error(`${layoutType} takes ${cubeElements[layoutType]} pictures`);
  return {
    title: '魔方', type: 'custom', componentContent: {
      layoutType, density: '4', maxH: 360, imgClearance: 10, pageSpacing: 0, averageBoxData: [], imgBoxActive: 0,
      elementNum: tiles.length, imgData: tiles.map((t) => ({ src: t.src, linkObj: t.link })),
    },
  };
};

/** The shop's banners are the banner block right after it, so the header carries none (shown once, not twice). */
export const shopHeader = (type: 'shopHeader' | 'shopHead', shop: ShopSeed, categories: FlatCategory[]): Part => ({
  title: '店铺头部', type, componentContent: {
    categoryShow: true, tabShow: true, category: categories.map(categoryData),
    bannerData: [],
    labelList: [{ name: '店铺首页', linkObj: shopLink(shop) }, ...shop.classifies.map((c) => ({ name: c.name, linkObj: shopLink(shop) }))],
  },
});
