/**
 * The PC home page layout (terminal 4, type 1): every platform component type — banner, imageTextNav, categoryList,
 * text, spikeList, discountList, groupList, coupon, productList by ids and by category, custom (magic cube), imageText,
 * brandList, imageTextList, videoBox — with the non-visual assistDiv 4th, because the storefront drops the 4th.
 */
import type { CouponIssued } from '../../../../domain/catalog/catalog.events';
import { allCategories, categoryOf } from './categories.data';
import { bannerImage, brandImage, categoryImage, shopBanner, tileImage } from './catalog-images';
import { CUSTOM_PAGES } from './custom-pages.data';
import { demoProduct } from './demo-products';
import {
  assistDiv, banner, categoryLink, couponBlock, customLink, discountList, groupList, heading, magicCube, numbered, productLink,
  productsByCategory, productsByIds, shopLink, spikeList, type Component,
} from './layout-parts';
import { promotionIds } from './promotions.data';
import { shopSeed } from './shops.data';

const RECOMMENDED = [1001, 2001, 3001, 5001, 6009, 8008, 1013, 4011, 7007, 9011];

export function homeLayout(coupons: CouponIssued[]): Component[] {
  const tops = allCategories.filter((c) => c.level === 1);
  const seckills = promotionIds.seckill.filter((s) => s.id !== 3);
  return numbered([
    banner([
      { image: bannerImage('gift', 'red', '双十二年终盛典', '全场满300减40 · 可叠加店铺券'), link: customLink(1, CUSTOM_PAGES[0].name) },
      { image: shopBanner(shopSeed(1), 0), link: shopLink(shopSeed(1)) },
      { image: bannerImage('apple', 'leaf', '洛川苹果 整点秒杀', '产地直发 脆甜多汁'), link: productLink(demoProduct(5001)) },
      { image: bannerImage('coat', 'slate', '轻暖过冬', '羽绒服 冬季新款上市'), link: categoryLink(categoryOf(223)) },
    ]),
    { title: '图文导航', type: 'imageTextNav', componentContent: {
      imgTextData: tops.map((c) => ({ title: c.name, img: categoryImage(c), linkObj: categoryLink(c) })) } },
    { title: '分类列表', type: 'categoryList', componentContent: {
      title: '热门分类', textAlign: 'center',
      categoryData: [11, 21, 31, 41, 51, 61].map((id) => {
        const c = categoryOf(id);
        return { id, img: categoryImage(c), selClassData: allCategories.filter((x) => x.parentId === id).map((x) => categoryLink(x).data) };
      }) } },
    assistDiv(),
    heading('限时秒杀', 'FLASH SALE'),
    spikeList('限时秒杀', seckills),
    discountList('限时折扣', promotionIds.discount[0]),
    groupList('拼团专区', promotionIds.groupWork[0]),
    couponBlock('领券中心', coupons.filter((c) => c.couponId > 0)),
    heading('为你推荐', 'RECOMMEND'),
    productsByIds('为你推荐', RECOMMENDED.map(demoProduct)),
    magicCube('L1', CUSTOM_PAGES.map((page) => ({ src: page.cover, link: customLink(page.customId, page.name) }))),
    { title: '图文', type: 'imageText', componentContent: {
      imageUrl: shopBanner(shopSeed(8), 0), title: '云岭高山茶', positionValue: 'left', linkObj: shopLink(shopSeed(8)),
      content: '海拔 1800 米的茶园，云雾滋养出一口回甘。春茶上新，产地直发到家。' } },
    { title: '品牌列表', type: 'brandList', componentContent: {
      title: '品牌好店', textAlign: 'center', imgCurrent: 0,
      imgList: [1, 2, 3, 5, 6, 8, 11, 14].map((id) => ({ title: shopSeed(id).shopName, imgData: brandImage(shopSeed(id)), linkObj: shopLink(shopSeed(id)) })) } },
    { title: '图文列表', type: 'imageTextList', componentContent: {
      title: '品质生活', textAlign: 'left',
      imgTextData: [
        { title: '好睡眠从床品开始', describe: '全棉床品 冬季焕新', imgData: tileImage('bedding', 'lilac', '床品焕新'), isShow: true, linkObj: categoryLink(categoryOf(611)) },
        { title: '一杯好咖啡', describe: '云南小粒 醇香不苦', imgData: tileImage('coffee', 'amber', '小粒咖啡'), isShow: true, linkObj: productLink(demoProduct(4016)) },
        { title: '周末去露营', describe: '速开帐篷 轻松出发', imgData: tileImage('tent', 'teal', '露营装备'), isShow: true, linkObj: categoryLink(categoryOf(721)) },
        { title: '宝宝的第一口辅食', describe: '营养均衡 安心之选', imgData: tileImage('jar', 'lemon', '宝宝辅食'), isShow: true, linkObj: categoryLink(categoryOf(912)) },
      ] } },
    { title: '视频', type: 'videoBox', componentContent: {
      title: '产地直播：洛川苹果的一天', videoUrl: '', pageBgColor: '#ffffff',
      coverImg: bannerImage('video', 'leaf', '产地直播', '洛川苹果的一天', true),
      mainBody: '<p>凌晨五点，果农开始采摘；当天分拣、装箱，冷链直发。看看你手里的苹果从哪里来。</p>' } },
    productsByCategory('新鲜水果', categoryOf(51)),
    magicCube('L4', [
      { src: tileImage('phone', 'sky', '旗舰新机'), link: categoryLink(categoryOf(111)) },
      { src: bannerImage('earbuds', 'slate', '降噪耳机', '沉浸好声音'), link: categoryLink(categoryOf(121)) },
      { src: bannerImage('watch', 'sky', '智能手表', '健康随行'), link: categoryLink(categoryOf(131)) },
    ]),
    heading('家居好物', 'HOME LIVING', categoryLink(categoryOf(6))),
    productsByCategory('家居好物', categoryOf(6)),
    assistDiv(40, '#ffffff'),
  ]);
}
