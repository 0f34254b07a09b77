/**
 * `/placeOrder` query (spec §2): type, shops (JSON of `[{shopId, skus:[{skuId, number, selected?}]}]`), ifWork,
 * activityType; or works (JSON of a group-buy checkout) with ifWork=1. A hand-edited or truncated link reads as null.
 */
export interface CheckoutSku {
  skuId: number;
  number: number;
  selected?: number;
}

export interface CheckoutShop {
  shopId: number;
  skus: CheckoutSku[];
}

export interface GroupWork {
  shopId: number;
  productId: number;
  skuId: number;
  number: number;
  shopGroupWorkId: number;
  /** 1 open a group, 2 join one */
  type: 1 | 2;
  collageId: number;
}

export type CheckoutRequest =
  | { kind: 'goods'; type: number; ifWork: number; activityType: number; shops: CheckoutShop[] }
  | { kind: 'group'; works: GroupWork };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const id = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const count = (v: unknown): number => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
};

function json(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sku(v: unknown): CheckoutSku | undefined {
  if (!isRecord(v)) return undefined;
  const skuId = id(v.skuId);
  const number = id(v.number);
  if (!skuId || !number) return undefined;
  return v.selected === undefined ? { skuId, number } : { skuId, number, selected: count(v.selected) };
}

function shops(v: unknown): CheckoutShop[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: CheckoutShop[] = [];
  for (const shop of v) {
    const shopId = isRecord(shop) ? id(shop.shopId) : undefined;
    const skus = isRecord(shop) && Array.isArray(shop.skus) ? shop.skus.map(sku) : [];
    if (!shopId || skus.length === 0 || skus.some((s) => s === undefined)) return undefined;
    out.push({ shopId, skus: skus as CheckoutSku[] });
  }
  return out.length > 0 ? out : undefined;
}

function works(v: unknown): GroupWork | undefined {
  if (!isRecord(v)) return undefined;
  const [shopId, productId, skuId, number, shopGroupWorkId] = [v.shopId, v.productId, v.skuId, v.number, v.shopGroupWorkId].map(id);
  const type = Number(v.type);
  if (!shopId || !productId || !skuId || !number || !shopGroupWorkId || (type !== 1 && type !== 2)) return undefined;
  const collageId = count(v.collageId);
  if (type === 2 && collageId === 0) return undefined;
  return { shopId, productId, skuId, number, shopGroupWorkId, type, collageId };
}

export function parseCheckoutQuery(params: URLSearchParams): CheckoutRequest | null {
  const group = works(json(params.get('works')));
  if (group) return { kind: 'group', works: group };
  const list = shops(json(params.get('shops')));
  if (!list) return null;
  return {
    kind: 'goods',
    type: count(params.get('type')) || 1,
    ifWork: count(params.get('ifWork')),
    activityType: count(params.get('activityType')),
    shops: list,
  };
}

/** The /placeOrder address of a group-buy checkout: open a group (type 1) or join one (type 2, its collageId). */
export const groupCheckoutHref = (works: GroupWork): string =>
  `/placeOrder?ifWork=1&activityType=1&works=${encodeURIComponent(JSON.stringify(works))}`;
