/**
 * The catalogue as events (issue 4): categories, shops, products with SKUs, page layouts (canvas), coupons and
 * promotion activities. Platform and merchant actors write them (seed, ops); the storefront only reads projections.
 * Money in integer fen, times ISO strings, ids safe integers. Streams: `category-<id>`, `shop-<id>`, `product-<id>`,
 * `canvas-<id>`, `coupon-<id>` (platform coupon), `shop-coupon-<id>`, `seckill-<id>`, `discount-<id>`, `group-work-<id>`.
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Fen = z.number().int().min(0);
const Iso = z.string().datetime({ offset: true });

export const CategoryDefined = z.object({
  categoryId: Id,
  /** 0 for a top-level category. */
  parentId: z.number().int().min(0),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  name: z.string().min(1).max(30),
  image: z.string().min(1),
  sort: z.number().int(),
});
export type CategoryDefined = z.infer<typeof CategoryDefined>;

export const ShopOpened = z.object({
  shopId: Id,
  shopName: z.string().min(1).max(40),
  shopBrief: z.string().max(500),
  shopLogo: z.string().min(1),
  shopPhone: z.string().min(1),
  chargePersonPhone: z.string().min(1),
  /** 省-市 shown as 所在地, plus a detail line. */
  province: z.string().min(1),
  city: z.string().min(1),
  addressDetail: z.string(),
  /** Return address for after-sales. */
  returnPerson: z.string(),
  returnPhone: z.string(),
  returnAddress: z.string(),
});
export type ShopOpened = z.infer<typeof ShopOpened>;
export const ShopDisabled = z.object({ shopId: Id });
export const ShopEnabled = z.object({ shopId: Id });
/** A shop's own category (tab on the shop page). */
export const ShopClassifyDefined = z.object({ shopId: Id, classifyId: Id, classifyName: z.string().min(1).max(20), sort: z.number().int() });
export const ShopBannerSet = z.object({ shopId: Id, bannerImages: z.array(z.string().min(1)).max(10) });

/** Shipping template (origin-contract §12: charge type 1 按件, 2 按重量, 3 全国包邮). Fees in fen. */
export const LogisticsTemplate = z.object({
  logisticsId: Id,
  name: z.string(),
  chargeType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** 1 按件: first item fee + each further item; 2 按重量: first kg fee + each further kg (weights in grams). */
  first: Fen,
  additional: Fen,
});
export type LogisticsTemplate = z.infer<typeof LogisticsTemplate>;

export const SpecName = z.object({
  nameCode: z.string().min(1),
  skuName: z.string().min(1),
  values: z.array(z.object({ valueCode: z.string().min(1), skuValue: z.string().min(1) })).min(1),
});
export const ProductSku = z.object({
  skuId: Id,
  /** Value codes in spec order; the options map key is their comma join, or '单款项' for a single-spec product. */
  valueCodes: z.array(z.string()),
  price: Fen,
  originalPrice: Fen,
  stock: z.number().int().min(0),
  weightGrams: z.number().int().min(0),
  image: z.string().min(1),
});
export type ProductSku = z.infer<typeof ProductSku>;

export const ProductListed = z.object({
  productId: Id,
  shopId: Id,
  /** A level-3 category. */
  categoryId: Id,
  /** The shop's own category, 0 when none. */
  shopClassifyId: z.number().int().min(0),
  productName: z.string().min(1).max(100),
  productBrief: z.string().max(300),
  /** Seller HTML: sanitised on output. */
  text: z.string().max(100000),
  images: z.array(z.string().min(1)).min(1).max(10),
  names: z.array(SpecName),
  skus: z.array(ProductSku).min(1),
  logistics: LogisticsTemplate,
  /** Sales shown before real orders (虚拟销量). */
  fictitiousSales: z.number().int().min(0),
});
export type ProductListed = z.infer<typeof ProductListed>;
export const ProductShelved = z.object({ productId: Id });
export const ProductUnshelved = z.object({ productId: Id });

/** A page layout (spec §3 "Page layout", origin-contract §9): terminal 4 PC; type 1 home, 2 custom page, 3 shop home. */
export const CanvasPublished = z.object({
  canvasId: Id,
  terminal: z.number().int().min(1).max(4),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  shopId: z.number().int().min(0),
  customId: z.number().int().min(0),
  name: z.string(),
  /** The ordered component list (each `{title, type, index, componentContent}`), stringified as the API returns it. */
  json: z.string().min(2),
});
export type CanvasPublished = z.infer<typeof CanvasPublished>;

/** Platform coupon (couponId) or shop coupon (shopCouponId); couponType 1 amount off (reduceMoney fen), 2 discount (figure, e.g. 9 = 9折, 8.5 allowed as 85 tenths). */
export const CouponIssued = z.object({
  couponId: z.number().int().min(0),
  shopCouponId: z.number().int().min(0),
  shopId: z.number().int().min(0),
  activityName: z.string().min(1),
  couponType: z.union([z.literal(1), z.literal(2)]),
  /** Threshold: the goods total (fen) the coupon needs; 0 = none. */
  threshold: Fen,
  reduceMoney: Fen,
  /** Discount figure in tenths of 折 (90 = 9折); 0 for amount-off coupons. */
  discountTenths: z.number().int().min(0).max(100),
  /** Products it applies to; empty = all (of the shop, for a shop coupon). */
  productIds: z.array(Id),
  /** Stackable with a platform coupon (shop coupons). */
  ifAdd: z.union([z.literal(0), z.literal(1)]),
  stock: z.number().int().min(0),
  /** Claims per user; 0 = unlimited. */
  perUserLimit: z.number().int().min(0),
  startTime: Iso,
  endTime: Iso,
});
export type CouponIssued = z.infer<typeof CouponIssued>;
export const CouponClaimed = z.object({ userId: Id, claimId: Id, couponId: z.number().int().min(0), shopCouponId: z.number().int().min(0) });
export type CouponClaimed = z.infer<typeof CouponClaimed>;

/** A promotion: seckill (flash sale, 秒杀), discount (限时折扣) or group work (拼团), with per-SKU activity prices. */
export const PromotionScheduled = z.object({
  kind: z.enum(['seckill', 'discount', 'group-work']),
  /** shopSeckillId / shopDiscountId / shopGroupWorkId. */
  activityId: Id,
  shopId: Id,
  activityName: z.string().min(1),
  startTime: Iso,
  endTime: Iso,
  /** Per-user purchase limit; 0 = none. */
  limitNumber: z.number().int().min(0),
  /** Group work: group size and how many hours a group may form. */
  person: z.number().int().min(0),
  effectiveHours: z.number().int().min(0),
  /** Coupons stack with the activity price. */
  ifAdd: z.union([z.literal(0), z.literal(1)]),
  items: z.array(z.object({
    productId: Id,
    skuId: Id,
    price: Fen,
    /** Activity stock (限量); the sold count comes from orders. */
    limitStock: z.number().int().min(0),
  })).min(1),
});
export type PromotionScheduled = z.infer<typeof PromotionScheduled>;

export const CatalogEvents = {
  CategoryDefined, ShopOpened, ShopDisabled, ShopEnabled, ShopClassifyDefined, ShopBannerSet,
  ProductListed, ProductShelved, ProductUnshelved, CanvasPublished, CouponIssued, CouponClaimed, PromotionScheduled,
} as const;
export type CatalogEventType = keyof typeof CatalogEvents;

export const catalogStreams = {
  category: (id: number) => `category-${id}`,
  shop: (id: number) => `shop-${id}`,
  product: (id: number) => `product-${id}`,
  canvas: (id: number) => `canvas-${id}`,
  coupon: (id: number) => `coupon-${id}`,
  shopCoupon: (id: number) => `shop-coupon-${id}`,
  promotion: (kind: PromotionScheduled['kind'], id: number) => `${kind}-${id}`,
};
