/**
 * The goods of a settlement or a submit, as the server sees them now (never as the client says): each requested line
 * joined with its SKU, product, shop, stock and the activity that applies. Which price a line pays:
 * - a flash sale or timed discount that is running: its activity price, for every buyer (origin auto-matches them);
 * - a group buy that is running: its activity price only when this checkout opens or joins a group;
 * - otherwise the list price. An activity the client names (shopSeckillId, …) that is not running now is 活动已结束, or
 *   活动未开始 when it is the SKU's next one.
 * A line is invalid (80002 存在无效商品,请重新选择) when its product is gone or off the shelf, its shop disabled, or
 * its stock below the number asked.
 */
import type { LogisticsTemplate } from '../catalog/catalog.events';
import { fail } from '../shared/errors';
import type { PromotionKind } from '../stock/activity-quota.events';

export interface ActivityFacts {
  kind: PromotionKind;
  activityId: number;
  activityName: string;
  priceFen: number;
  /** activity stock of this SKU (0 = none of its own) and the per-user limit (0 = none) */
  limitStock: number;
  limitNumber: number;
  /**
   * activity units held by live orders, as the stock read model shows them (it may lag: the activity's quota stream
   * decides; this only lets a sold-out activity refuse before any append)
   */
  sold: number;
  /** group size and forming hours (group buys) */
  person: number;
  effectiveHours: number;
  /** coupons may be used with the activity price */
  ifAdd: 0 | 1;
  running: boolean;
}

export interface SkuFacts {
  skuId: number;
  productId: number;
  shopId: number;
  productName: string;
  image: string;
  /** option values shown on the line (['红色', 'XL']); [] for a single-style product */
  values: string[];
  listPriceFen: number;
  originalPriceFen: number;
  weightGrams: number;
  logistics: LogisticsTemplate;
  shelved: boolean;
  shopEnabled: boolean;
  /** the stock the catalogue listed: the first reservation initialises the SKU's stock stream with it */
  listedStock: number;
  /** units that can be reserved now (the stock read model; the listed stock before the first reservation) */
  available: number;
  /** the activity that applies to the SKU now (running, or the next one) */
  activity: ActivityFacts | null;
}

export interface ShopFacts { shopId: number; shopName: string; shopLogo: string; shopAdress: string; enabled: boolean }

export interface RequestedLine { shopId: number; skuId: number; number: number; selected: boolean }

/** What the client said about activities (submit type 3/4 with their ids, group type 1/2 with shopGroupWorkId). */
export interface ActivityClaim {
  /** this checkout opens (1) or joins (2) a group */
  group: boolean;
  shopGroupWorkId: number | null;
  shopSeckillId: number | null;
  shopDiscountId: number | null;
}

export const noActivityClaim: ActivityClaim = { group: false, shopGroupWorkId: null, shopSeckillId: null, shopDiscountId: null };

export type InvalidReason = 'gone' | 'unshelved' | 'shopDisabled' | 'outOfStock';

export interface PricedLine {
  request: RequestedLine;
  sku: SkuFacts;
  unitPriceFen: number;
  /** the activity whose price this line pays, if any */
  activity: ActivityFacts | null;
}

export interface InvalidLine { request: RequestedLine; sku: SkuFacts | null; reason: InvalidReason }

export const invalidReasonTexts: Record<InvalidReason, string> = {
  gone: '商品不存在', unshelved: '商品已下架', shopDisabled: '店铺已停用', outOfStock: '商品库存不足',
};

export function invalidReasonOf(request: RequestedLine, sku: SkuFacts | null): InvalidReason | null {
  if (!sku || sku.shopId !== request.shopId) return 'gone';
  if (!sku.shopEnabled) return 'shopDisabled';
  if (!sku.shelved) return 'unshelved';
  if (sku.available < request.number) return 'outOfStock';
  return null;
}

const claimedIdOf = (claim: ActivityClaim, kind: PromotionKind): number | null =>
  ({ seckill: claim.shopSeckillId, discount: claim.shopDiscountId, 'group-work': claim.shopGroupWorkId })[kind];

const KINDS: readonly PromotionKind[] = ['seckill', 'discount', 'group-work'];

/** True when the activity named is the SKU's next one, not yet started (活动未开始, not 活动已结束: issue 29). */
const upcoming = (sku: SkuFacts, kind: PromotionKind, id: number | null): boolean =>
  !!sku.activity && !sku.activity.running && sku.activity.kind === kind && id !== null && sku.activity.activityId === id;

/**
 * The activity a line pays under. `claim` is what the client named for this line (its own ids, or the buy-now ids of
 * a one-line checkout): a named activity must be the one running for the SKU now.
 */
export function activityOfLine(sku: SkuFacts, claim: ActivityClaim): ActivityFacts | null {
  const running = sku.activity?.running ? sku.activity : null;
  // a group buy named outside a group checkout is bought alone at the list price: nothing to check
  for (const kind of KINDS.filter((k) => claim.group || k !== 'group-work')) {
    const id = claimedIdOf(claim, kind);
    if (id !== null && id > 0 && (running?.kind !== kind || running.activityId !== id)) fail(upcoming(sku, kind, id) ? 'activityNotStarted' : 'activityEnded');
  }
  if (claim.group) {
    if (running?.kind !== 'group-work') return fail(upcoming(sku, 'group-work', claim.shopGroupWorkId) ? 'activityNotStarted' : 'activityEnded');
    return running;
  }
  return running && running.kind !== 'group-work' ? running : null;
}

export function priceLine(request: RequestedLine, sku: SkuFacts, claim: ActivityClaim): PricedLine {
  const activity = activityOfLine(sku, claim);
  return { request, sku, unitPriceFen: activity ? activity.priceFen : sku.listPriceFen, activity };
}
