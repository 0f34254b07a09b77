/**
 * Layout activity blocks (origin-contract §9 spikeList / discountList / groupList): activities with their products
 * as ToolProducts (origin §8). One ToolProduct per product: its SKU with the lowest activity price.
 */
import type {
  DiscountBlock, GroupWorkBlock, SeckillBlock, ToolProduct,
} from '../../../domain/catalog/detail.contract';
import { activityTypeOf } from '../../../domain/catalog/detail.contract';
import { formatShanghai } from '../../../domain/shared/time';
import type { Queryable } from '../../db/database';
import { activityIds, countdownOf, isRunning, limitStockLeft, type PromotionKind } from './activity';
import { activityProducts, findActivities, type Activity } from './promotion.queries';

export interface BlockFilter { ids?: readonly number[]; shopId?: number }

/** A ToolProduct with what the zones filter and sort by (spec §4): its categories and its sales. */
export interface ActivityProduct { product: ToolProduct; activityId: number; categoryIds: number[]; sales: number }

/** The products of the activities, best sellers first, one per activity and product (its cheapest activity SKU). */
export async function activityToolProducts(
  db: Queryable, kind: PromotionKind, ids: readonly number[], now: Date,
): Promise<ActivityProduct[]> {
  const rows = await activityProducts(db, kind, ids);
  const chosen = new Map<string, ActivityProduct>();
  for (const { item, row } of rows) {
    const key = `${item.activityId}:${item.productId}`;
    const known = chosen.get(key);
    if (known && known.product.price <= item.price / 100) continue;
    const product: ToolProduct = {
      productId: item.productId,
      skuId: item.skuId,
      shopId: item.shopId,
      shopName: row.shop_name,
      image: row.image,
      productName: row.product_name,
      price: item.price / 100,
      originalPrice: Number(row.original_price) / 100,
      limitNumber: item.limitStock,
      limitStockNumber: limitStockLeft(item),
      userLimit: item.limitNumber,
      stockNumber: row.stock,
      users: row.users,
      activityType: activityTypeOf[kind],
      ...activityIds(kind, item.activityId),
      person: kind === 'group-work' ? item.person : 0,
      time: countdownOf(item, now),
      ifEnable: isRunning(item, now) ? 0 : 1,
    };
    const categoryIds = [row.category_id, row.category_l2_id, row.category_l1_id]
      .filter((id): id is string => id !== null).map(Number);
    chosen.set(key, { product, activityId: item.activityId, categoryIds, sales: Number(row.sales) });
  }
  return [...chosen.values()];
}

async function blocksOf(db: Queryable, kind: PromotionKind, filter: BlockFilter, now: Date) {
  const activities = await findActivities(db, kind, filter, now);
  const products = await activityToolProducts(db, kind, activities.map((a) => a.activityId), now);
  return activities.map((activity) => ({
    activity,
    base: baseOf(activity, now, products.filter((p) => p.activityId === activity.activityId).map((p) => p.product)),
  }));
}

function baseOf(a: Activity, now: Date, products: ToolProduct[]) {
  return {
    shopId: a.shopId,
    activityName: a.activityName,
    startTime: formatShanghai(a.startTime),
    endTime: formatShanghai(a.endTime),
    time: countdownOf(a, now),
    ifEnable: isRunning(a, now) ? 0 as const : 1 as const,
    userLimit: a.limitNumber,
    ifAdd: a.ifAdd,
    products,
  };
}

export async function seckillBlocks(db: Queryable, filter: BlockFilter, now: Date): Promise<SeckillBlock[]> {
  return (await blocksOf(db, 'seckill', filter, now)).map(({ activity, base }) => ({
    ...base,
    shopSeckillId: activity.activityId,
    seckillName: activity.activityName,
    effectiveStart: base.startTime,
    effectiveEnd: base.endTime,
  }));
}

export async function discountBlocks(db: Queryable, filter: BlockFilter, now: Date): Promise<DiscountBlock[]> {
  return (await blocksOf(db, 'discount', filter, now)).map(({ activity, base }) => ({
    ...base, shopDiscountId: activity.activityId, discountName: activity.activityName,
  }));
}

export async function groupWorkBlocks(db: Queryable, filter: BlockFilter, now: Date): Promise<GroupWorkBlock[]> {
  return (await blocksOf(db, 'group-work', filter, now)).map(({ activity, base }) => ({
    ...base,
    shopGroupWorkId: activity.activityId,
    groupName: activity.activityName,
    person: activity.person,
    effectiveTime: activity.effectiveHours,
  }));
}
