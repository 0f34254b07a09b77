/** Where catalogue links lead (spec §2 routes). Every page builds its links here, so the shapes stay one. */

export interface ProductRef {
  productId: number;
  skuId: number;
  shopId: number;
}

/** /productDetail?proData=JSON{productId, skuId, shopId}. */
export const productDetailHref = ({ productId, skuId, shopId }: ProductRef): string =>
  `/productDetail?proData=${encodeURIComponent(JSON.stringify({ productId, skuId, shopId }))}`;

export const storeHref = (shopId: number): string => `/store?shopId=${shopId}`;

/** Spec §2 /couponProList: a platform coupon by activityId (its couponId), a shop coupon by shopCouponId. */
export const couponProductsHref = ({ couponId, shopCouponId }: { couponId: number; shopCouponId: number }): string =>
  `/couponProList?activityId=${couponId > 0 ? couponId : 0}&shopCouponId=${couponId > 0 ? 0 : shopCouponId}`;

export interface CategoryRef {
  id: number;
  categoryName: string;
  classifyImage?: string;
  parentId?: number;
  depth?: number;
}

/** The named route `category` takes the whole category as JSON (spec §2). Children are left out: the page loads its own. */
export const categoryHref = (category: CategoryRef): string => {
  const { id, categoryName, classifyImage, parentId, depth } = category;
  return `/category?classifyData=${encodeURIComponent(JSON.stringify({ id, categoryName, classifyImage, parentId, depth }))}`;
};

export const categoryProductHref = (id: number, name: string): string =>
  `/categoryProduct/${id}?name=${encodeURIComponent(name)}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const positiveId = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** Reads a JSON query value; a hand-edited or truncated link gives undefined, never a crash. */
export function parseJsonParam(raw: string | null): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function parseProductRef(raw: string | null): ProductRef | undefined {
  const data = parseJsonParam(raw);
  const productId = positiveId(data?.productId);
  const skuId = positiveId(data?.skuId);
  const shopId = positiveId(data?.shopId);
  return productId && skuId && shopId ? { productId, skuId, shopId } : undefined;
}

export function parseCategoryRef(raw: string | null): CategoryRef | undefined {
  const data = parseJsonParam(raw);
  const id = positiveId(data?.id);
  if (!id || !data) return undefined;
  return {
    id,
    categoryName: typeof data.categoryName === 'string' ? data.categoryName : '',
    classifyImage: typeof data.classifyImage === 'string' ? data.classifyImage : undefined,
  };
}

export const parseId = (raw: string | null | undefined): number | undefined => positiveId(raw ?? undefined);
