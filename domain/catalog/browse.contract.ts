/**
 * The browse contract (issue 4, slice "listings"): response shapes of search, categories, shops and page layouts,
 * shared by the API (services/api/catalog), its integration tests and the web pages. Paths and fields follow
 * storefront-spec §3/§7 and origin-contract §3, §9. Money is yuan (fen / 100), ids are JSON numbers, times
 * `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai). Only shelved products of enabled shops ever appear.
 *
 * Calls (all GET under /api, all public; `auth: optional` where the answer is personal):
 * - /app/getSearchProducts?search&type&volume&minMoney&maxMoney&page&pageSize=12 → ProductCardPage
 * - /shop/getShops?search&type&volume&page&pageSize=12                            → ShopCardPage
 * - /classify/getFirstClassify[?classifyId]                                       → FirstClassify[]
 * - /canvas/getClassify                                                           → CanvasCategory[]
 * - /classify/getClaasifyProducts?classifyId&type&volume&page&pageSize=12         → ProductCardPage
 * - /shop/getIndex?shopId                                                         → ShopIndex
 * - /shop/getShopClassify?shopId                                                  → ShopClassify[]
 * - /shop/getShopProducts?shopId&ifNew&type&volume&page&pageSize=12[&classifyId]  → ShopProducts
 * - /shop/getShopBanner?shopId                                                    → ShopBanner[]
 * - /canvas/getCanvas?terminal=4&type[&shopId][&customId][&canvasId]              → Canvas
 * - /canvas/getProducts?ids=1,2,3 | classifyId &page=1&pageSize=99                → ProductCardPage
 * Sort params (spec §4): `type` price 1 ascending / 2 descending, `volume` sales 1 / 2; empty or 0 = default
 * (newest listed first). `type` wins when both come. Empty-string params count as absent.
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Yuan with at most two decimals. */
const Yuan = z.number().nonnegative().refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, '金额最多两位小数');
const Time = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int().min(0) });

/** Product card (spec §3): list price / sku of the product's first SKU, image = first product image, number = sales. */
export const ProductCard = z.object({
  productId: Id,
  skuId: Id,
  shopId: Id,
  image: z.string(),
  productName: z.string(),
  price: Yuan,
  originalPrice: Yuan,
  productBrief: z.string(),
  shopName: z.string(),
  /** Sold (paid units) plus the merchant's fictitious sales (虚拟销量). */
  number: z.number().int().min(0),
});
export type ProductCard = z.infer<typeof ProductCard>;
export const ProductCardPage = pageOf(ProductCard);
export type ProductCardPage = z.infer<typeof ProductCardPage>;

/** Shop search result card: location 所在地 = province + city, up to 4 best-selling sample products. */
export const ShopCard = z.object({
  shopId: Id,
  shopName: z.string(),
  shopLogo: z.string(),
  shopAdress: z.string(),
  /** Shop sales: the sum of its products' sales. */
  number: z.number().int().min(0),
  /** Product kinds on sale. */
  classifyNumber: z.number().int().min(0),
  skus: z.array(ProductCard).max(4),
});
export type ShopCard = z.infer<typeof ShopCard>;
export const ShopCardPage = pageOf(ShopCard);
export type ShopCardPage = z.infer<typeof ShopCardPage>;

/** `/classify/getFirstClassify`: level-1 categories with their subtree (or the one asked for, any level). */
export interface FirstClassify {
  classifyId: number;
  /** 0 for a level-1 category. */
  classifyPid: number;
  classifyName: string;
  classifyImage: string;
  /** 1, 2 or 3. */
  classifyLevel: number;
  childs: FirstClassify[];
}
export const FirstClassify: z.ZodType<FirstClassify> = z.lazy(() => z.object({
  classifyId: Id,
  classifyPid: z.number().int().min(0),
  classifyName: z.string(),
  classifyImage: z.string(),
  classifyLevel: z.number().int().min(1).max(3),
  childs: z.array(FirstClassify),
}));
export const FirstClassifyList = z.array(FirstClassify);

/** `/canvas/getClassify`: the whole tree in the page builder's shape (also what a categoryList link carries). */
export interface CanvasCategory {
  id: number;
  parentId: number;
  /** 1, 2 or 3. */
  depth: number;
  categoryName: string;
  classifyImage: string;
  childs: CanvasCategory[];
}
export const CanvasCategory: z.ZodType<CanvasCategory> = z.lazy(() => z.object({
  id: Id,
  parentId: z.number().int().min(0),
  depth: z.number().int().min(1).max(3),
  categoryName: z.string(),
  classifyImage: z.string(),
  childs: z.array(CanvasCategory),
}));
export const CanvasCategoryList = z.array(CanvasCategory);

/** `/shop/getIndex`: the shop header; ifCollect/collectId personal (0 when anonymous or not collected). */
export const ShopIndex = z.object({
  shopId: Id,
  shopName: z.string(),
  shopLogo: z.string(),
  shopAdress: z.string(),
  /** Plain text, never HTML. */
  shopBrief: z.string(),
  shopPhone: z.string(),
  classifyNumber: z.number().int().min(0),
  number: z.number().int().min(0),
  ifCollect: z.union([z.literal(0), z.literal(1)]),
  collectId: z.number().int().min(0),
});
export type ShopIndex = z.infer<typeof ShopIndex>;

/** One tab of the shop page. */
export const ShopClassify = z.object({ classifyId: Id, classifyName: z.string() });
export type ShopClassify = z.infer<typeof ShopClassify>;
export const ShopClassifyList = z.array(ShopClassify);

export const ShopProducts = z.object({ page: ProductCardPage, shopName: z.string(), shopLogo: z.string() });
export type ShopProducts = z.infer<typeof ShopProducts>;

export const ShopBanner = z.object({ bannerImage: z.string() });
export type ShopBanner = z.infer<typeof ShopBanner>;
export const ShopBannerList = z.array(ShopBanner);

/**
 * A page layout (origin-contract §9). `json` is the stored stringified component list: the client `JSON.parse`s it.
 * terminal 4 = PC; type 1 home, 2 custom page, 3 shop home (shopId 0 unless type 3; customId only for type 2).
 */
export const Canvas = z.object({
  canvasId: Id,
  terminal: z.number().int().min(1).max(4),
  json: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  name: z.string(),
  shopId: z.number().int().min(0),
  customId: z.number().int().min(0),
  createTime: Time,
  updateTime: Time,
});
export type Canvas = z.infer<typeof Canvas>;

/** A stored component of `Canvas.json` (for clients that inspect the parsed list). */
export const CanvasComponent = z.looseObject({
  type: z.string(),
  title: z.string().optional(),
  index: z.number().optional(),
  componentContent: z.record(z.string(), z.unknown()),
});
export type CanvasComponent = z.infer<typeof CanvasComponent>;

/** Sort codes (spec §4, §9): 1 ascending, 2 descending; absent = default order. */
export type SortDirection = 1 | 2;
export interface ListingSort { type?: SortDirection; volume?: SortDirection }
