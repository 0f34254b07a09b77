/**
 * The demo shops: 15 open, one disabled by the platform (its products must never show). A shop's own categories
 * (tabs on the shop page) group its products by level-3 category; banners are drawn from the shop's best family.
 */
import type { Art, PaletteName } from '../../../api/images/image-url';

export interface ShopSeed {
  shopId: number;
  shopName: string;
  /** 2–4 characters drawn on the logo. */
  logoText: string;
  art: Art;
  palette: PaletteName;
  shopBrief: string;
  shopPhone: string;
  chargePersonPhone: string;
  province: string;
  city: string;
  addressDetail: string;
  returnPerson: string;
  /** Shop categories: name and the level-3 categories whose products fall in it. */
  classifies: { name: string; categories: number[] }[];
  /** Banner headlines (title, subtitle, picture). */
  banners: { title: string; sub: string; art: Art }[];
  disabled?: boolean;
}

export const shopSeeds: ShopSeed[] = [
  { shopId: 1, shopName: '集市数码旗舰店', logoText: '数码', art: 'phone', palette: 'sky',
    shopBrief: '专注智能手机与数码配件，官方正品，全国联保，7天无理由退换。', shopPhone: '0755-26881001', chargePersonPhone: '13926881001',
    province: '广东省', city: '深圳市', addressDetail: '南山区科技园南区高新南七道数字大厦 6 楼', returnPerson: '陈立伟',
    classifies: [{ name: '5G手机', categories: [111] }, { name: '手机配件', categories: [112] }, { name: '平板电脑', categories: [132] }],
    banners: [{ title: '旗舰新机 限时直降', sub: '以旧换新至高补贴 800 元', art: 'phone' }, { title: '平板办公季', sub: '学习娱乐两不误', art: 'tablet' }] },
  { shopId: 2, shopName: '声浪音频专营店', logoText: '声浪', art: 'headphones', palette: 'slate',
    shopBrief: '耳机与智能穿戴，听见更好的声音。支持 30 天价保。', shopPhone: '0769-22861002', chargePersonPhone: '13826861002',
    province: '广东省', city: '东莞市', addressDetail: '松山湖园区工业南路 6 号', returnPerson: '梁晓峰',
    classifies: [{ name: '真无线耳机', categories: [121] }, { name: '头戴耳机', categories: [122] }, { name: '智能手表', categories: [131] }],
    banners: [{ title: '沉浸降噪 静享好声音', sub: '新品耳机 第二件半价', art: 'headphones' }, { title: '智能手表 健康随行', sub: '心率血氧全天监测', art: 'watch' }] },
  { shopId: 3, shopName: '衣见倾心女装', logoText: '倾心', art: 'dress', palette: 'rose',
    shopBrief: '原创设计女装，每周上新，面料亲肤，版型显瘦。', shopPhone: '0571-86731003', chargePersonPhone: '13757131003',
    province: '浙江省', city: '杭州市', addressDetail: '余杭区九堡街道服装产业园 3 幢', returnPerson: '沈佳怡',
    classifies: [{ name: '连衣裙', categories: [211] }, { name: '卫衣', categories: [212] }],
    banners: [{ title: '冬季新品 温柔上新', sub: '满 199 减 20 可叠加', art: 'dress' }, { title: '慵懒卫衣 舒适一整天', sub: '加绒加厚 保暖不臃肿', art: 'hoodie' }] },
  { shopId: 4, shopName: '简朴男装工作室', logoText: '简朴', art: 'shirt', palette: 'slate',
    shopBrief: '基础款男装，纯棉面料，简约耐穿，通勤休闲都合适。', shopPhone: '0595-22881004', chargePersonPhone: '13905951004',
    province: '福建省', city: '泉州市', addressDetail: '丰泽区东海街道泉州服装城 A 区', returnPerson: '黄志强',
    classifies: [{ name: 'T恤', categories: [221] }, { name: '衬衫', categories: [222] }, { name: '羽绒服', categories: [223] }],
    banners: [{ title: '基础百搭 简约不简单', sub: '纯棉 T 恤 两件更优惠', art: 'tshirt' }, { title: '轻暖羽绒 过冬必备', sub: '90% 白鸭绒 蓬松保暖', art: 'coat' }] },
  { shopId: 5, shopName: '步履轻盈鞋履馆', logoText: '步履', art: 'sneaker', palette: 'sand',
    shopBrief: '运动鞋与休闲鞋，轻量缓震，支持 30 天试穿退换。', shopPhone: '0592-56881005', chargePersonPhone: '13859201005',
    province: '福建省', city: '厦门市', addressDetail: '湖里区高林中路 520 号', returnPerson: '林俊杰',
    classifies: [{ name: '跑步鞋', categories: [311] }, { name: '休闲板鞋', categories: [312] }],
    banners: [{ title: '轻盈缓震 跑出好状态', sub: '跑鞋拼团 两人成团更优惠', art: 'sneaker' }] },
  { shopId: 6, shopName: '行囊箱包', logoText: '行囊', art: 'backpack', palette: 'sand',
    shopBrief: '通勤包、旅行箱、女士手袋，耐用好看，出行更轻松。', shopPhone: '020-86661006', chargePersonPhone: '13802661006',
    province: '广东省', city: '广州市', addressDetail: '白云区三元里大道箱包城 2 楼', returnPerson: '何嘉欣',
    classifies: [{ name: '双肩包', categories: [321] }, { name: '手提包', categories: [322] }, { name: '拉杆箱', categories: [323] }],
    banners: [{ title: '说走就走的旅行', sub: '静音万向轮 拉杆箱新品', art: 'suitcase' }, { title: '通勤双肩包', sub: '大容量 轻量防泼水', art: 'backpack' }] },
  { shopId: 7, shopName: '山野坚果铺', logoText: '山野', art: 'nuts', palette: 'amber',
    shopBrief: '每日坚果与烘焙零食，当季新货，小包装更新鲜。', shopPhone: '0553-58881007', chargePersonPhone: '13955381007',
    province: '安徽省', city: '芜湖市', addressDetail: '弋江区食品工业园 18 号', returnPerson: '王春燕',
    classifies: [{ name: '坚果炒货', categories: [411] }, { name: '饼干糕点', categories: [412] }],
    banners: [{ title: '每日坚果 营养加分', sub: '两人拼团 价格更低', art: 'nuts' }, { title: '下午茶点心', sub: '酥脆饼干 新鲜烘焙', art: 'cookies' }] },
  { shopId: 8, shopName: '云岭茶咖', logoText: '云岭', art: 'tea', palette: 'leaf',
    shopBrief: '云南高山茶园直供，普洱、滇红与小粒咖啡。', shopPhone: '0871-63881008', chargePersonPhone: '13888711008',
    province: '云南省', city: '昆明市', addressDetail: '官渡区茶叶交易市场 B 区 12 号', returnPerson: '杨丽华',
    classifies: [{ name: '茶叶', categories: [421] }, { name: '咖啡', categories: [422] }],
    banners: [{ title: '高山茶园 一口回甘', sub: '春茶上新 产地直发', art: 'tea' }, { title: '云南小粒咖啡', sub: '现磨风味 醇香不苦', art: 'coffee' }] },
  { shopId: 9, shopName: '果园直采生鲜', logoText: '果园', art: 'apple', palette: 'leaf',
    shopBrief: '产地直采当季水果与农家鲜蛋，坏果包赔，冷链发货。', shopPhone: '0911-36881009', chargePersonPhone: '13991131009',
    province: '陕西省', city: '延安市', addressDetail: '洛川县凤栖镇果品交易中心', returnPerson: '张建国',
    classifies: [{ name: '苹果', categories: [511] }, { name: '葡萄提子', categories: [514] }, { name: '鲜鸡蛋', categories: [521] }],
    banners: [{ title: '洛川苹果 脆甜多汁', sub: '整点秒杀 产地直发', art: 'apple' }, { title: '农家散养鲜鸡蛋', sub: '当天收 当天发', art: 'egg' }] },
  { shopId: 10, shopName: '南国鲜果铺', logoText: '南国', art: 'mango', palette: 'lemon',
    shopBrief: '海南、广西热带水果与精品车厘子，现摘现发。', shopPhone: '0898-65881010', chargePersonPhone: '13976581010',
    province: '海南省', city: '海口市', addressDetail: '琼山区南渡江果蔬批发市场 7 号', returnPerson: '符海燕',
    classifies: [{ name: '热带水果', categories: [513] }, { name: '柑橘橙柚', categories: [512] }, { name: '车厘子', categories: [515] }],
    banners: [{ title: '热带鲜果 阳光味道', sub: '芒果 凤梨 现摘现发', art: 'mango' }, { title: '进口车厘子', sub: '大果脆甜 顺丰冷链', art: 'cherry' }] },
  { shopId: 11, shopName: '栖居家纺', logoText: '栖居', art: 'bedding', palette: 'lilac',
    shopBrief: '全棉床品与助眠枕，A 类母婴级面料，睡个好觉。', shopPhone: '0513-85881011', chargePersonPhone: '13951381011',
    province: '江苏省', city: '南通市', addressDetail: '通州区川姜镇家纺城 5 区', returnPerson: '顾美玲',
    classifies: [{ name: '床品套件', categories: [611] }, { name: '枕头', categories: [612] }],
    banners: [{ title: '全棉床品 亲肤透气', sub: '四件套 冬季焕新', art: 'bedding' }] },
  { shopId: 12, shopName: '木语家居', logoText: '木语', art: 'sofa', palette: 'lilac',
    shopBrief: '北欧风小户型家具、灯饰与杯具，设计感好物。', shopPhone: '0757-83881012', chargePersonPhone: '13923081012',
    province: '广东省', city: '佛山市', addressDetail: '顺德区乐从镇家具城 3 期', returnPerson: '罗文斌',
    classifies: [{ name: '沙发', categories: [621] }, { name: '台灯', categories: [622] }, { name: '杯壶', categories: [631, 632] }],
    banners: [{ title: '小户型沙发 新品上市', sub: '科技布 耐脏好打理', art: 'sofa' }, { title: '一杯一世界', sub: '保温杯 马克杯 精选好物', art: 'thermos' }] },
  { shopId: 13, shopName: '动力运动户外', logoText: '动力', art: 'basketball', palette: 'teal',
    shopBrief: '健身、球类与露营装备，专业品质，运动更尽兴。', shopPhone: '021-64881013', chargePersonPhone: '13816481013',
    province: '上海市', city: '上海市', addressDetail: '闵行区七宝镇运动用品产业园 9 号', returnPerson: '周伟',
    classifies: [{ name: '健身器材', categories: [711, 712] }, { name: '露营装备', categories: [721] }, { name: '球类运动', categories: [731, 732] }],
    banners: [{ title: '燃动冬日 健身正当时', sub: '瑜伽垫 哑铃 满 500 减 50', art: 'dumbbell' }, { title: '周末去露营', sub: '速开帐篷 轻松搭建', art: 'tent' }] },
  { shopId: 14, shopName: '花漾美妆', logoText: '花漾', art: 'lipstick', palette: 'peach',
    shopBrief: '护肤彩妆与个护好物，正品保障，敏感肌也安心。', shopPhone: '0512-65881014', chargePersonPhone: '13962181014',
    province: '江苏省', city: '苏州市', addressDetail: '工业园区星海街 88 号', returnPerson: '许静',
    classifies: [{ name: '护肤', categories: [811, 812] }, { name: '彩妆', categories: [821] }, { name: '个人护理', categories: [831, 832] }],
    banners: [{ title: '冬季护肤 水润一整天', sub: '限时折扣 低至 8 折', art: 'cream' }, { title: '显白口红 新色上市', sub: '丝绒雾面 持久不拔干', art: 'lipstick' }] },
  { shopId: 15, shopName: '贝贝母婴', logoText: '贝贝', art: 'bottle', palette: 'lemon',
    shopBrief: '奶瓶、辅食、童装和益智玩具，给宝宝安心的呵护。', shopPhone: '027-87881015', chargePersonPhone: '13971081015',
    province: '湖北省', city: '武汉市', addressDetail: '洪山区光谷大道母婴产业园 2 栋', returnPerson: '刘芳',
    classifies: [{ name: '喂养用品', categories: [911, 912] }, { name: '童装玩具', categories: [921, 922] }],
    banners: [{ title: '宝宝成长好伙伴', sub: '三人拼团 超值好价', art: 'blocks' }] },
  { shopId: 16, shopName: '潮流好物社', logoText: '潮流', art: 'gift', palette: 'red',
    shopBrief: '已被平台停用的店铺。', shopPhone: '010-64881016', chargePersonPhone: '13801081016',
    province: '北京市', city: '北京市', addressDetail: '朝阳区三里屯路 19 号', returnPerson: '赵磊',
    classifies: [{ name: '全部好物', categories: [112, 221, 632, 511] }],
    banners: [{ title: '潮流好物', sub: '已停用', art: 'gift' }], disabled: true },
];

export const DISABLED_SHOP_ID = 16;

export function shopSeed(shopId: number): ShopSeed {
  const shop = shopSeeds.find((s) => s.shopId === shopId);
  if (!shop) throw new Error(`no demo shop ${shopId}`);
  return shop;
}

export const shopClassifyId = (shopId: number, index: number): number => shopId * 100 + index + 1;
