/**
 * The demo category tree: 9 top-level categories, 3 levels, products hang on level 3. Ids tell the level: 1–9 level 1,
 * 11–99 level 2 (parent = id / 10), 111–999 level 3 (parent = id / 10). Each top level owns a palette for its pictures.
 */
import type { Art, PaletteName } from '../../../api/images/image-url';

export interface CategoryNode {
  id: number;
  name: string;
  art: Art;
  children?: CategoryNode[];
}

export interface TopCategory extends CategoryNode {
  palette: PaletteName;
  children: CategoryNode[];
}

const leaf = (id: number, name: string, art: Art): CategoryNode => ({ id, name, art });

export const categoryTree: TopCategory[] = [
  { id: 1, name: '手机数码', art: 'phone', palette: 'sky', children: [
    { id: 11, name: '手机通讯', art: 'phone', children: [leaf(111, '5G手机', 'phone'), leaf(112, '手机配件', 'powerbank')] },
    { id: 12, name: '影音娱乐', art: 'headphones', children: [leaf(121, '蓝牙耳机', 'earbuds'), leaf(122, '头戴耳机', 'headphones')] },
    { id: 13, name: '智能设备', art: 'watch', children: [leaf(131, '智能手表', 'watch'), leaf(132, '平板电脑', 'tablet')] },
  ] },
  { id: 2, name: '服装', art: 'dress', palette: 'rose', children: [
    { id: 21, name: '女装', art: 'dress', children: [leaf(211, '连衣裙', 'dress'), leaf(212, '卫衣', 'hoodie')] },
    { id: 22, name: '男装', art: 'shirt', children: [leaf(221, 'T恤', 'tshirt'), leaf(222, '衬衫', 'shirt'), leaf(223, '羽绒服', 'coat')] },
  ] },
  { id: 3, name: '鞋包', art: 'sneaker', palette: 'sand', children: [
    { id: 31, name: '运动鞋', art: 'sneaker', children: [leaf(311, '跑步鞋', 'sneaker'), leaf(312, '休闲板鞋', 'sneaker')] },
    { id: 32, name: '箱包', art: 'backpack', children: [
      leaf(321, '双肩包', 'backpack'), leaf(322, '女士手提包', 'handbag'), leaf(323, '拉杆箱', 'suitcase')] },
  ] },
  { id: 4, name: '美食', art: 'cookies', palette: 'amber', children: [
    { id: 41, name: '休闲零食', art: 'nuts', children: [leaf(411, '坚果炒货', 'nuts'), leaf(412, '饼干糕点', 'cookies')] },
    { id: 42, name: '茶饮冲调', art: 'tea', children: [leaf(421, '茶叶', 'tea'), leaf(422, '咖啡', 'coffee')] },
  ] },
  { id: 5, name: '水果生鲜', art: 'apple', palette: 'leaf', children: [
    { id: 51, name: '新鲜水果', art: 'orange', children: [
      leaf(511, '苹果', 'apple'), leaf(512, '柑橘橙柚', 'orange'), leaf(513, '热带水果', 'mango'),
      leaf(514, '葡萄提子', 'grapes'), leaf(515, '樱桃车厘子', 'cherry')] },
    { id: 52, name: '禽蛋', art: 'egg', children: [leaf(521, '鲜鸡蛋', 'egg')] },
  ] },
  { id: 6, name: '家居家纺', art: 'sofa', palette: 'lilac', children: [
    { id: 61, name: '床上用品', art: 'bedding', children: [leaf(611, '床品四件套', 'bedding'), leaf(612, '枕头', 'pillow')] },
    { id: 62, name: '家具灯饰', art: 'sofa', children: [leaf(621, '沙发', 'sofa'), leaf(622, '台灯', 'lamp')] },
    { id: 63, name: '杯壶水具', art: 'mug', children: [leaf(631, '保温杯', 'thermos'), leaf(632, '马克杯', 'mug')] },
  ] },
  { id: 7, name: '运动户外', art: 'basketball', palette: 'teal', children: [
    { id: 71, name: '健身训练', art: 'dumbbell', children: [leaf(711, '瑜伽垫', 'yogamat'), leaf(712, '哑铃', 'dumbbell')] },
    { id: 72, name: '户外装备', art: 'tent', children: [leaf(721, '帐篷', 'tent')] },
    { id: 73, name: '球类运动', art: 'basketball', children: [leaf(731, '篮球', 'basketball'), leaf(732, '羽毛球拍', 'racket')] },
  ] },
  { id: 8, name: '美妆个护', art: 'lipstick', palette: 'peach', children: [
    { id: 81, name: '护肤', art: 'cream', children: [leaf(811, '面霜', 'cream'), leaf(812, '精华', 'serum')] },
    { id: 82, name: '彩妆', art: 'lipstick', children: [leaf(821, '口红', 'lipstick')] },
    { id: 83, name: '个人护理', art: 'shampoo', children: [leaf(831, '电动牙刷', 'toothbrush'), leaf(832, '洗发护发', 'shampoo')] },
  ] },
  { id: 9, name: '母婴', art: 'bottle', palette: 'lemon', children: [
    { id: 91, name: '喂养用品', art: 'bottle', children: [leaf(911, '奶瓶', 'bottle'), leaf(912, '宝宝辅食', 'jar')] },
    { id: 92, name: '童装玩具', art: 'blocks', children: [leaf(921, '益智积木', 'blocks'), leaf(922, '婴儿服饰', 'onesie')] },
  ] },
];

export interface FlatCategory {
  id: number;
  parentId: number;
  level: 1 | 2 | 3;
  name: string;
  art: Art;
  palette: PaletteName;
  sort: number;
  /** Level-1 ancestor. */
  topId: number;
}

export function flattenCategories(tree: TopCategory[] = categoryTree): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (node: CategoryNode, parentId: number, level: 1 | 2 | 3, sort: number, top: TopCategory) => {
    out.push({ id: node.id, parentId, level, name: node.name, art: node.art, palette: top.palette, sort, topId: top.id });
    node.children?.forEach((child, i) => walk(child, node.id, (level + 1) as 2 | 3, i + 1, top));
  };
  tree.forEach((top, i) => walk(top, 0, 1, i + 1, top));
  return out;
}

export const allCategories: readonly FlatCategory[] = flattenCategories();
export const categoryById = new Map(allCategories.map((c) => [c.id, c]));

export function categoryOf(id: number): FlatCategory {
  const category = categoryById.get(id);
  if (!category) throw new Error(`no demo category ${id}`);
  return category;
}
