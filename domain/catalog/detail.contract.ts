/**
 * Response contract of the product-detail slice (spec §3 "Product detail", "Product options", "Coupon", §7;
 * origin-contract §3, §8, §9), shared by the API (services/api/{product,coupon,collect,promotion}) and the web.
 * Every schema is the `data` of the `{code, message, data}` envelope. Money is yuan (number, ≤ 2 decimals),
 * times `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai) or '' when none, countdowns `time` in ms, ids numbers (0 = none).
 *
 * Activity rules (one truth for every shape below):
 * - activityType 0 none, 1 group buy (拼团), 2 flash sale (秒杀), 3 timed discount (限时折扣).
 * - Per SKU the activity is resolved among the promotions that have not ended: running ones before upcoming ones,
 *   then group buy → flash sale → discount (origin §3 order), then the earliest start.
 * - ifEnable 0 = running: `price` is the activity price, `time` = ms until endTime.
 *   ifEnable 1 = not running yet (预热): `price` is the normal price (buy at normal terms), `activityPrice` shows
 *   what it will cost, `startTime` is shown, `time` = ms until startTime.
 * - Activity stock (spec §9 progress bar): `limitNumber` = the activity's stock for the SKU (限量),
 *   `limitStockNumber` = what is left of it; progress = (limitNumber − limitStockNumber) / limitNumber.
 *   `userLimit` = purchases allowed per user (0 = no limit).
 */
import { z } from 'zod';
import { ProductCard, ProductCardPage } from './browse.contract';

const Id = z.number().int().nonnegative();
const Count = z.number().int().nonnegative();
const Yuan = z.number().nonnegative();
/** `yyyy-MM-dd HH:mm:ss`, or '' when there is none. */
const Time = z.string().regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/);
const Flag = z.union([z.literal(0), z.literal(1)]);
const Ms = z.number().int().nonnegative();

export const ActivityType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type ActivityType = z.infer<typeof ActivityType>;
export const activityTypeOf = { 'group-work': 1, seckill: 2, discount: 3 } as const;

/** The activity fields a SKU (and the detail, for its selected SKU) carries; all 0 / '' without an activity. */
export const SkuActivity = z.object({
  activityType: ActivityType,
  activityName: z.string(),
  shopGroupWorkId: Id,
  shopSeckillId: Id,
  shopDiscountId: Id,
  startTime: Time,
  endTime: Time,
  time: Ms,
  ifEnable: Flag,
  /** Group size of a group buy (成团人数), 0 otherwise. */
  person: Count,
  activityPrice: Yuan,
  limitNumber: Count,
  limitStockNumber: Count,
  userLimit: Count,
  /** Coupons stack with the activity price (1) or not (0); 1 without an activity. */
  ifAdd: Flag,
});
export type SkuActivity = z.infer<typeof SkuActivity>;

export const SkuValue = z.object({ valueCode: z.string(), skuValue: z.string(), skuName: z.string() });
export const SkuName = z.object({ nameCode: z.string(), skuName: z.string(), values: z.array(SkuValue) });
export type SkuName = z.infer<typeof SkuName>;

/** One entry of `map`, keyed by the comma-joined value codes (`attr_code_0_value_1,attr_code_1_value_0`) or `单款项`. */
export const SkuOption = SkuActivity.extend({
  skuId: Id,
  /** The map key again. */
  valueCodes: z.string(),
  /** The chosen values as shown, e.g. "蓝色,XL" ('单款项' for a single-spec product). */
  value: z.string(),
  stockNumber: Count,
  price: Yuan,
  originalPrice: Yuan,
  image: z.string(),
});
export type SkuOption = z.infer<typeof SkuOption>;
export const SkuMap = z.record(z.string(), SkuOption);

/** A coupon as offered (product detail markTools/shopMarkTools, layout coupon blocks). */
export const CouponState = z.union([z.literal(3), z.literal(0)]);
export const ProductCoupon = z.object({
  /** Platform coupon id (0 for a shop coupon). */
  couponId: Id,
  /** Shop coupon id (0 for a platform coupon). */
  shopCouponId: Id,
  /** The id to claim with: couponId or shopCouponId. */
  activityId: Id,
  shopId: Id,
  activityName: z.string(),
  /** 1 amount off (reduceMoney), 2 discount (`discount` 折, e.g. 9 or 8.5). */
  couponType: z.union([z.literal(1), z.literal(2)]),
  /** "满100减10元", "无门槛减5元", "9折券", "满200享8.5折". */
  content: z.string(),
  fullMoney: Yuan,
  reduceMoney: Yuan,
  discount: z.number().nonnegative(),
  startTime: Time,
  endTime: Time,
  ifAdd: Flag,
  /** Products it applies to; [] = all (of the shop, for a shop coupon). */
  ids: z.array(Id),
  /** Left to claim. */
  stockNumber: Count,
  /** 3 claimable, 0 claimed by the current user (anonymous: always 3). */
  state: CouponState,
});
export type ProductCoupon = z.infer<typeof ProductCoupon>;

/** Product card (spec §3) as the listings contract defines it: similarProducts and coupon product lists. */
export { ProductCard, ProductCardPage };

/** A forming group of this product's group buy that a shopper may join. `person` = members still missing. */
export const CollageOrder = z.object({
  collageId: Id,
  name: z.string(),
  headImage: z.string(),
  person: Count,
  time: Ms,
  createTime: Time,
});
export type CollageOrder = z.infer<typeof CollageOrder>;
export const Word = z.object({ keyWord: z.string(), count: Count });
export type Word = z.infer<typeof Word>;

/** `GET /api/product/getById?shopId&productId&skuId` (optional auth). Activity fields are those of the selected SKU. */
export const ProductDetail = SkuActivity.extend({
  productId: Id,
  skuId: Id,
  productName: z.string(),
  productBrief: z.string(),
  /** Seller HTML, sanitised by the server (allow-listed tags and attributes only). */
  text: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  price: Yuan,
  originalPrice: Yuan,
  stockNumber: Count,
  shopId: Id,
  shopName: z.string(),
  shopLogo: z.string(),
  classifyId: Id,
  /** Product kinds of the shop. */
  classifyNumber: Count,
  /** Sold (the product's). */
  number: Count,
  /** Paying buyers (付款人数). */
  users: Count,
  shelveState: Flag,
  ifCollect: Flag,
  collectId: Id,
  /** Activity stock of the selected SKU (= limitNumber) and what is left (= limitStockNumber); without an activity its stock. */
  total: Count,
  surplusNumber: Count,
  words: z.array(Word),
  similarProducts: z.array(ProductCard),
  collageOrders: z.array(CollageOrder),
  markTools: z.array(ProductCoupon),
  shopMarkTools: z.array(ProductCoupon),
  names: z.array(SkuName),
  map: SkuMap,
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** `GET /api/product/getProducts?productId[&skuId]`: the options popup (skuTool = the activity of skuId, else the first SKU). */
export const SkuTool = z.object({
  activityType: ActivityType,
  ifEnable: Flag,
  startTime: Time,
  endTime: Time,
  time: Ms,
  shopSeckillId: Id,
  shopDiscountId: Id,
  shopGroupWorkId: Id,
});
export const ProductOptions = z.object({
  shopId: Id,
  productId: Id,
  productName: z.string(),
  image: z.string(),
  price: Yuan,
  originalPrice: Yuan,
  stockNumber: Count,
  names: z.array(SkuName),
  map: SkuMap,
  skuTool: SkuTool,
});
export type ProductOptions = z.infer<typeof ProductOptions>;

/** One product of an activity block (origin §8 ToolProduct): `price` = activity price. */
export const ToolProduct = z.object({
  productId: Id,
  skuId: Id,
  shopId: Id,
  shopName: z.string(),
  image: z.string(),
  productName: z.string(),
  price: Yuan,
  originalPrice: Yuan,
  limitNumber: Count,
  limitStockNumber: Count,
  userLimit: Count,
  stockNumber: Count,
  /** Paying buyers (付款人数). */
  users: Count,
  activityType: ActivityType,
  shopGroupWorkId: Id,
  shopSeckillId: Id,
  shopDiscountId: Id,
  person: Count,
  time: Ms,
  ifEnable: Flag,
});
export type ToolProduct = z.infer<typeof ToolProduct>;

const ActivityBlockBase = z.object({
  shopId: Id,
  activityName: z.string(),
  startTime: Time,
  endTime: Time,
  /** ms until endTime when running, until startTime when ifEnable 1. */
  time: Ms,
  ifEnable: Flag,
  userLimit: Count,
  ifAdd: Flag,
  products: z.array(ToolProduct),
});
/** `/api/canvas/getPlatformSeckills?ids`, `/api/renovation/getSeckills?shopId&ids`. */
export const SeckillBlock = ActivityBlockBase.extend({
  shopSeckillId: Id, seckillName: z.string(), effectiveStart: Time, effectiveEnd: Time,
});
/** `/api/canvas/getMinDiscount?ids`, `/api/renovation/getDiscounts?shopId&ids`. */
export const DiscountBlock = ActivityBlockBase.extend({ shopDiscountId: Id, discountName: z.string() });
/** `/api/canvas/getGroupWorks?ids`, `/api/renovation/getGroupWorks?shopId&ids`. effectiveTime = hours a group may form. */
export const GroupWorkBlock = ActivityBlockBase.extend({
  shopGroupWorkId: Id, groupName: z.string(), person: Count, effectiveTime: Count,
});
export const SeckillBlocks = z.array(SeckillBlock);
export const DiscountBlocks = z.array(DiscountBlock);
export const GroupWorkBlocks = z.array(GroupWorkBlock);
export type SeckillBlock = z.infer<typeof SeckillBlock>;
export type DiscountBlock = z.infer<typeof DiscountBlock>;
export type GroupWorkBlock = z.infer<typeof GroupWorkBlock>;

/** `GET /api/canvas/getCoupons?ids`, `GET /api/canvas/getShopCoupons?shopId&ids` (ids comma-joined, order kept). */
export const CouponList = z.array(ProductCoupon);
/** `POST /api/coupon/takeCoupon {couponId | shopCouponId}` (auth) → message 领取成功, data = the coupon, now state 0. */
export const TakeCouponResult = ProductCoupon;

/** `POST /api/collect/collect {shopId}` (auth) → message 收藏成功. */
export const CollectShopResult = z.object({ collectId: Id, classifyNumber: Count, number: Count, shopLogo: z.string() });
/** `POST /api/collect/collect {productId}` (auth) → message 收藏成功. */
export const CollectProductResult = z.object({ collectId: Id });
/** `PUT /api/collect/cancel {ids: [collectId]}` (auth) → message 取消成功, data null. */
export const CollectCancelResult = z.null();

/** Every path of this slice, under `/api`. `ids` params are comma-joined lists (`ids=3,5,8`). */
export const detailPaths = {
  productDetail: '/product/getById',
  productOptions: '/product/getProducts',
  takeCoupon: '/coupon/takeCoupon',
  couponProducts: '/coupon/getCouponProducts',
  platformCoupons: '/canvas/getCoupons',
  shopCoupons: '/canvas/getShopCoupons',
  platformSeckills: '/canvas/getPlatformSeckills',
  shopSeckills: '/renovation/getSeckills',
  platformDiscounts: '/canvas/getMinDiscount',
  shopDiscounts: '/renovation/getDiscounts',
  platformGroupWorks: '/canvas/getGroupWorks',
  shopGroupWorks: '/renovation/getGroupWorks',
  collect: '/collect/collect',
  cancelCollect: '/collect/cancel',
} as const;
