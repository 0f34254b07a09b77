import type { ToolProduct } from '../../../../../domain/catalog/detail.contract';
import { ids, type Content } from '../canvas.model';

export type ActivityKind = 'seckill' | 'discount' | 'group';

/** The activity ids a block names: spikeList `shopSeckillId[]`, discountList `discountId`/`shopDiscountId`, groupList `shopGroupWorkId`. */
export function activityIds(kind: ActivityKind, content: Content): number[] {
  switch (kind) {
    case 'seckill':
      return ids(content.shopSeckillId).concat(ids(content.seckillId));
    case 'discount':
      return ids(content.shopDiscountId).concat(ids(content.discountId));
    case 'group':
      return ids(content.shopGroupWorkId).concat(ids(content.groupWorkId));
    default: {
      const unknown: never = kind;
      throw new Error(`unknown activity kind ${String(unknown)}`);
    }
  }
}

/** Spec §9: limited-stock progress = (limitNumber − limitStockNumber) / limitNumber, as a whole percentage. */
export function soldPercent(product: Pick<ToolProduct, 'limitNumber' | 'limitStockNumber'>): number {
  if (product.limitNumber <= 0) return 0;
  const sold = Math.max(0, product.limitNumber - product.limitStockNumber);
  return Math.min(100, Math.round((sold / product.limitNumber) * 100));
}

export const kindLabels: Record<ActivityKind, { tag: string; title: string }> = {
  seckill: { tag: '秒杀', title: '限时秒杀' },
  discount: { tag: '折扣', title: '限时折扣' },
  group: { tag: '拼团', title: '拼团专区' },
};
