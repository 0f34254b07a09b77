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

async function blocksOf(db: Queryable, kind: PromotionKind, filter: BlockFilter, now: Date) {
  const activities = await findActivities(db, kind, filter, now);
  const rows = await activityProducts(db, kind, activities.map((a) => a.activityId));
  const byActivity = new Map<number, Map<number, ToolProduct>>();
  for (const { item, row } of rows) {
    const products = byActivity.get(item.activityId) ?? new Map<number, ToolProduct>();
    byActivity.set(item.activityId, products);
    const known = products.get(item.productId);
    if (known && known.price <= item.price / 100) continue;
    products.set(item.productId, {
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
    });
  }
  return activities.map((activity) => ({
    activity,
    base: baseOf(activity, now, [...(byActivity.get(activity.activityId)?.values() ?? [])]),
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
