/**
 * One shop home layout (terminal 4, type 3) per open shop: the shop header, its banners, its coupons, the spacer 4th,
 * best sellers, its flash sales / discounts / group buys where it runs them, its story and its newest products.
 */
import type { CouponIssued, ProductListed } from '../../../../domain/catalog/catalog.events';
import { categoryOf } from './categories.data';
import { shopBanner } from './catalog-images';
import { demoProducts, isOnSale } from './demo-products';
import {
  assistDiv, banner, couponBlock, discountList, groupList, heading, magicCube, numbered, productsByIds, shopHeader, shopLink,
  spikeList, type Component,
} from './layout-parts';
import { promotionIds } from './promotions.data';
import { DISABLED_SHOP_ID, type ShopSeed } from './shops.data';

export const shopCanvasId = (shopId: number): number => 100 + shopId;

export function shopLayout(shop: ShopSeed, coupons: CouponIssued[]): Component[] {
  const onSale = demoProducts.filter((p) => p.shopId === shop.shopId && isOnSale(p.productId, [DISABLED_SHOP_ID]));
  const bestSellers = [...onSale].sort((a, b) => b.fictitiousSales - a.fictitiousSales).slice(0, 8);
  const newest: ProductListed[] = [...onSale].sort((a, b) => b.productId - a.productId).slice(0, 4);
  const banners = shop.banners.map((_, i) => shopBanner(shop, i));
  const categories = [...new Set(onSale.map((p) => p.categoryId))].map(categoryOf);
  const own = coupons.filter((c) => c.shopId === shop.shopId);
  const seckills = promotionIds.seckill.filter((a) => a.shopId === shop.shopId);
  const discounts = promotionIds.discount.filter((a) => a.shopId === shop.shopId);
  const groups = promotionIds.groupWork.filter((a) => a.shopId === shop.shopId);
  return numbered([
    shopHeader(shop.shopId % 2 === 0 ? 'shopHead' : 'shopHeader', shop, categories),
    banner(banners.map((image) => ({ image, link: shopLink(shop) }))),
    own.length > 0 ? couponBlock('店铺优惠券', own) : heading(shop.shopName, shop.shopBrief),
    assistDiv(),
    heading('本店热卖', 'HOT SALE'),
    productsByIds('本店热卖', bestSellers, 4),
    ...(seckills.length > 0 ? [spikeList('限时秒杀', seckills)] : []),
    ...discounts.map((d) => discountList('限时折扣', d)),
    ...groups.map((g) => groupList('拼团专区', g)),
    ...(banners.length >= 2 ? [magicCube('L1', banners.slice(0, 2).map((src) => ({ src, link: shopLink(shop) })))] : []),
    { title: '图文', type: 'imageText', componentContent: {
      imageUrl: banners[0], title: `关于${shop.shopName}`, content: shop.shopBrief, positionValue: 'left', linkObj: shopLink(shop) } },
    productsByIds('新品上架', newest, 4),
  ]);
}
