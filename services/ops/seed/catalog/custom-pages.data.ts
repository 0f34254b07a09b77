/** Custom pages (terminal 4, type 2), opened from home banners and the magic cube: a winter sale and a fresh-food fair. */
import type { CouponIssued } from '../../../../domain/catalog/catalog.events';
import { categoryOf } from './categories.data';
import { bannerImage, tileImage } from './catalog-images';
import { demoProduct } from './demo-products';
import {
  assistDiv, banner, categoryLink, couponBlock, groupList, heading, magicCube, numbered, productLink, productsByCategory,
  productsByIds, spikeList, type Component,
} from './layout-parts';
import { promotionIds } from './promotions.data';

export const CUSTOM_PAGES = [
  { customId: 1, canvasId: 201, name: '冬季焕新会场', cover: bannerImage('coat', 'sky', '冬季焕新会场', '羽绒服 卫衣 床品 一站购齐') },
  { customId: 2, canvasId: 202, name: '鲜果美食节', cover: bannerImage('orange', 'leaf', '鲜果美食节', '产地直发 拼团更优惠') },
] as const;

export function winterPage(coupons: CouponIssued[]): Component[] {
  return numbered([
    banner([{ image: CUSTOM_PAGES[0].cover, link: categoryLink(categoryOf(223)) }]),
    heading('冬季焕新会场', 'WINTER SALE'),
    magicCube('L2', [
      { src: tileImage('coat', 'slate', '轻暖羽绒'), link: categoryLink(categoryOf(223)) },
      { src: tileImage('hoodie', 'rose', '加绒卫衣'), link: categoryLink(categoryOf(212)) },
      { src: tileImage('bedding', 'lilac', '保暖床品'), link: categoryLink(categoryOf(611)) },
    ]),
    assistDiv(),
    productsByIds('冬季必备', [2018, 2019, 2020, 2006, 2007, 6001, 6004, 6007].map(demoProduct), 4),
    magicCube('L3', [
      { src: tileImage('thermos', 'lilac', '保温杯'), link: productLink(demoProduct(6016)) },
      { src: tileImage('tea', 'amber', '暖身红茶'), link: productLink(demoProduct(4012)) },
      { src: tileImage('cream', 'peach', '冬季护肤'), link: categoryLink(categoryOf(811)) },
      { src: tileImage('dress', 'rose', '针织长裙'), link: productLink(demoProduct(2002)) },
    ]),
    couponBlock('会场专享券', coupons.filter((c) => c.couponId === 1 || c.couponId === 3)),
    productsByCategory('羽绒服', categoryOf(223), 4),
  ]);
}

export function freshFairPage(): Component[] {
  return numbered([
    banner([{ image: CUSTOM_PAGES[1].cover, link: categoryLink(categoryOf(51)) }]),
    heading('鲜果美食节', 'FRESH FOOD FAIR'),
    { title: '图文', type: 'imageText', componentContent: {
      imageUrl: bannerImage('cherry', 'red', '进口车厘子', '大果脆甜 顺丰冷链'), title: '当季车厘子', positionValue: 'right',
      content: '智利空运，全程冷链，到手依旧新鲜脆甜。', linkObj: productLink(demoProduct(5021)) } },
    assistDiv(),
    spikeList('整点秒杀', promotionIds.seckill.filter((s) => s.shopId === 9)),
    groupList('坚果拼团', promotionIds.groupWork[0]),
    productsByCategory('新鲜水果', categoryOf(51), 4),
    productsByCategory('休闲零食', categoryOf(41), 4),
  ]);
}
