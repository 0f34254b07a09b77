/** The disabled shop (16): listed and shelved, yet never shown, because the platform disabled the shop. */
import { color, sizes, type ProductSeed } from './product-seed';

export const disabledShopProducts: ProductSeed[] = [
  { id: 9901, shop: 16, cat: 112, name: '潮流手机支架 桌面懒人支架', label: '手机支架', price: 19.9, grams: 150, art: 'phone',
    brief: '停用店铺的商品：不应出现在任何列表。', specs: [], params: [] },
  { id: 9902, shop: 16, cat: 221, name: '潮牌印花短袖T恤', label: '印花T恤', price: 69, grams: 250,
    brief: '停用店铺的商品：不应出现在任何列表。', specs: [color('黑色', '白色'), sizes('M', 'L')], params: [] },
  { id: 9903, shop: 16, cat: 632, name: '创意陶瓷马克杯', label: '创意马克杯', price: 29, grams: 400,
    brief: '停用店铺的商品：不应出现在任何列表。', specs: [], params: [] },
  { id: 9904, shop: 16, cat: 511, name: '红富士苹果 尝鲜装 3斤', label: '尝鲜苹果', price: 15.9, grams: 1600,
    brief: '停用店铺的商品：不应出现在任何列表。', specs: [], params: [] },
];
