/** Reads of the promotions read model (projections/promotions) joined with the catalogue views. */
import type { Queryable } from '../../db/database';
import type { PromotionItem, PromotionKind } from './activity';

interface ItemRow {
  kind: PromotionKind; activity_id: string; sku_id: string; product_id: string; shop_id: string; price: string;
  limit_stock: number; start_time: Date | string; end_time: Date | string; activity_name: string; limit_number: number;
  person: number; effective_hours: number; if_add: number; sold: number;
}

const ITEM_COLUMNS = `i.kind, i.activity_id, i.sku_id, i.product_id, i.shop_id, i.price, i.limit_stock, i.start_time, i.end_time,
  p.activity_name, p.limit_number, p.person, p.effective_hours, p.if_add, coalesce(sa.sold, 0)::int as sold`;

/** What the activity has sold of the item's SKU (the stock read model): joined with every read of ITEM_COLUMNS. */
const ITEM_SALES = 'left join activity_sales sa on sa.kind = i.kind and sa.activity_id = i.activity_id and sa.sku_id = i.sku_id';

export const toItem = (r: ItemRow): PromotionItem => ({
  kind: r.kind,
  activityId: Number(r.activity_id),
  skuId: Number(r.sku_id),
  productId: Number(r.product_id),
  shopId: Number(r.shop_id),
  price: Number(r.price),
  limitStock: r.limit_stock,
  sold: r.sold,
  startTime: new Date(r.start_time),
  endTime: new Date(r.end_time),
  activityName: r.activity_name,
  limitNumber: r.limit_number,
  person: r.person,
  effectiveHours: r.effective_hours,
  ifAdd: r.if_add === 0 ? 0 : 1,
});

/** Every promotion item of a product's SKUs, ended ones included (the caller keeps those not ended by its clock). */
export async function promotionItemsOfProduct(db: Queryable, productId: number): Promise<PromotionItem[]> {
  const { rows } = await db.query<ItemRow>({
    name: 'detail_promotion_items', // every product detail: prepared once per connection
    text: `select ${ITEM_COLUMNS} from promotion_items i join promotions p on p.kind = i.kind and p.activity_id = i.activity_id
     ${ITEM_SALES}
     where i.product_id = $1`,
    values: [productId],
  });
  return rows.map(toItem);
}

export const notEnded = (items: readonly PromotionItem[], now: Date): PromotionItem[] =>
  items.filter((item) => item.endTime.getTime() > now.getTime());

export interface Activity {
  kind: PromotionKind;
  activityId: number;
  shopId: number;
  activityName: string;
  startTime: Date;
  endTime: Date;
  limitNumber: number;
  person: number;
  effectiveHours: number;
  ifAdd: 0 | 1;
}

interface ActivityRow {
  kind: PromotionKind; activity_id: string; shop_id: string; activity_name: string; start_time: Date | string;
  end_time: Date | string; limit_number: number; person: number; effective_hours: number; if_add: number;
}

/**
 * Not-ended activities of a kind: the ids asked for (in that order), or — without ids — all of them, soonest
 * ending first; `shopId` narrows to one shop (the shop page's blocks). Disabled shops' activities never appear.
 */
export async function findActivities(
  db: Queryable, kind: PromotionKind, filter: { ids?: readonly number[]; shopId?: number }, now: Date,
): Promise<Activity[]> {
  const ids = filter.ids && filter.ids.length > 0 ? filter.ids.map(String) : null;
  const { rows } = await db.query<ActivityRow>(
    `select p.kind, p.activity_id, p.shop_id, p.activity_name, p.start_time, p.end_time, p.limit_number, p.person,
       p.effective_hours, p.if_add
     from promotions p
     join shops s on s.shop_id = p.shop_id and s.enabled
     left join unnest($2::bigint[]) with ordinality as wanted(id, ord) on wanted.id = p.activity_id
     where p.kind = $1 and p.end_time > $3
       and ($2::bigint[] is null or wanted.id is not null)
       and ($4::bigint is null or p.shop_id = $4)
     order by wanted.ord nulls last, p.end_time, p.activity_id
     limit 100`,
    [kind, ids, now.toISOString(), filter.shopId ?? null]);
  return rows.map((r) => ({
    kind: r.kind,
    activityId: Number(r.activity_id),
    shopId: Number(r.shop_id),
    activityName: r.activity_name,
    startTime: new Date(r.start_time),
    endTime: new Date(r.end_time),
    limitNumber: r.limit_number,
    person: r.person,
    effectiveHours: r.effective_hours,
    ifAdd: r.if_add === 0 ? 0 : 1,
  }));
}

export interface ActivityProductRow extends ItemRow {
  shop_name: string; image: string; product_name: string; original_price: string; normal_price: string; stock: number;
  users: number; sales: number;
  /** the product's category and its level-2 and level-1 ancestors (the zones' category filter) */
  category_id: string; category_l1_id: string | null; category_l2_id: string | null;
}

/** The products of activities (one row per activity SKU) that shoppers may see, best sellers first. */
export async function activityProducts(
  db: Queryable, kind: PromotionKind, activityIds: readonly number[],
): Promise<Array<{ item: PromotionItem; row: ActivityProductRow }>> {
  if (activityIds.length === 0) return [];
  const { rows } = await db.query<ActivityProductRow>(
    `select ${ITEM_COLUMNS}, s.shop_name, coalesce(nullif(k.image, ''), pr.image) as image, pr.product_name,
       k.original_price, k.price as normal_price, k.stock, pr.sales, pr.category_id, pr.category_l1_id, pr.category_l2_id,
       (select count(*)::int from product_sales ps where ps.product_id = pr.product_id and ps.paid) as users
     from promotion_items i
     join promotions p on p.kind = i.kind and p.activity_id = i.activity_id
     join products pr on pr.product_id = i.product_id and pr.listed
     join skus k on k.sku_id = i.sku_id
     join shops s on s.shop_id = pr.shop_id
     ${ITEM_SALES}
     where i.kind = $1 and i.activity_id = any($2::bigint[])
     order by pr.sales desc, i.product_id, k.position`,
    [kind, activityIds.map(String)]);
  return rows.map((row) => ({ item: toItem(row), row }));
}
