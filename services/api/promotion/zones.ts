/**
 * Promotion zones (origin-contract §8, spec §7 Promotions): `/seckill/getIndex`, `/discount/getIndex`,
 * `/work/getIndex`. With an activity id: that activity's products; with only a shop: all its not-ended activities of
 * the kind; with neither ("平台进来的"): every shop's, and only `page` + `classifies` are filled. The products are
 * the layout blocks' ToolProducts (activity-blocks.ts); category filter, sort and paging happen here.
 */
import type { FirstClassify } from '../../../domain/catalog/browse.contract';
import type { ToolProduct } from '../../../domain/catalog/detail.contract';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import { firstClassifies } from '../catalog/category.queries';
import type { Page } from '../envelope';
import { countdownOf, isRunning } from './activity';
import { activityToolProducts, type ActivityProduct } from './activity-blocks';
import type { PromotionKind } from './activity';
import { findActivities } from './promotion.queries';

export interface ZoneQuery {
  shopId?: number;
  activityId?: number;
  classifyId?: number;
  /** 1 ascending, 2 descending: price (type) or sales (volume); neither = best sellers first */
  type?: 1 | 2;
  volume?: 1 | 2;
  page: number;
  pageSize: number;
}

export interface Zone {
  shopId: number;
  shopName: string;
  shopLogo: string;
  /** the shopper's cart lines (0 when signed out) */
  number: number;
  /** ms until the activity's next boundary (its end while running); 0 without one activity */
  time: number;
  /** 0 running, 1 not started yet (预热: `time` counts to the start) */
  ifEnable: 0 | 1;
  /** per-shopper purchase limit of the activity; 0 = 不限购 or several activities */
  limitNumber: number;
  classifies: FirstClassify[];
  page: Page<ToolProduct>;
}

function sorted(products: ActivityProduct[], q: ZoneQuery): ActivityProduct[] {
  const sign = (direction: 1 | 2) => (direction === 1 ? 1 : -1);
  if (q.type) return [...products].sort((a, b) => sign(q.type!) * (a.product.price - b.product.price));
  if (q.volume) return [...products].sort((a, b) => sign(q.volume!) * (a.sales - b.sales));
  return products;
}

/** The category tree pruned to the categories the zone's products are in (the zone's filter tabs). */
function zoneClassifies(tree: FirstClassify[], used: Set<number>): FirstClassify[] {
  return tree.filter((node) => used.has(node.classifyId))
    .map((node) => ({ ...node, childs: zoneClassifies(node.childs, used) }));
}

export async function zoneOf(db: Queryable, kind: PromotionKind, q: ZoneQuery, now: Date, cartLines: number): Promise<Zone> {
  const activities = await findActivities(db, kind, {
    ids: q.activityId === undefined ? undefined : [q.activityId], shopId: q.shopId,
  }, now);
  if (q.activityId !== undefined && activities.length === 0) throw new DomainError('activityNotFound');
  const products = await activityToolProducts(db, kind, activities.map((a) => a.activityId), now);
  const used = new Set(products.flatMap((p) => p.categoryIds));
  const shown = sorted(products.filter((p) => q.classifyId === undefined || p.categoryIds.includes(q.classifyId)), q);
  const start = (q.page - 1) * q.pageSize;
  const page = { list: shown.slice(start, start + q.pageSize).map((p) => p.product), total: shown.length };
  const classifies = zoneClassifies(await firstClassifies(db), used);
  const shopId = q.shopId ?? (q.activityId !== undefined ? activities[0]?.shopId : undefined);
  if (shopId === undefined) {
    return { shopId: 0, shopName: '', shopLogo: '', number: 0, time: 0, ifEnable: 0, limitNumber: 0, classifies, page };
  }
  const shop = await shopHeader(db, shopId);
  const single = activities.length === 1 ? activities[0] : undefined;
  return {
    shopId,
    shopName: shop.shopName,
    shopLogo: shop.shopLogo,
    number: cartLines,
    time: single ? countdownOf(single, now) : 0,
    ifEnable: single && !isRunning(single, now) ? 1 : 0,
    limitNumber: single?.limitNumber ?? 0,
    classifies,
    page,
  };
}

async function shopHeader(db: Queryable, shopId: number): Promise<{ shopName: string; shopLogo: string }> {
  const { rows } = await db.query<{ shop_name: string; shop_logo: string }>(
    'select shop_name, shop_logo from shops where shop_id = $1 and enabled', [shopId]);
  if (!rows[0]) throw new DomainError('shopNotFound');
  return { shopName: rows[0].shop_name, shopLogo: rows[0].shop_logo };
}
