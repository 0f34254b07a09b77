/**
 * collageOrders of product detail (spec §3, origin-contract §3): the product's groups still forming that a shopper
 * may join — the leader has paid and a place is free — oldest first, at most 10; `formingCollagesAt` keeps those whose
 * deadline is ahead of the caller's clock. `person` is the members still missing (places not yet paid for), `time`
 * the ms left. Read from the orders read model's order_collages (projections/orders/order-collages.apply.ts) with the
 * leader's name from users.
 */
import type { CollageOrder } from '../../../domain/catalog/detail.contract';
import { formatShanghai } from '../../../domain/shared/time';
import type { Queryable } from '../../db/database';

export interface FormingCollage {
  collageId: number; size: number; paid: number; headImage: string; name: string; openedAt: Date; deadline: Date;
}

interface FormingRow {
  collage_id: string; size: number; paid: number; leader_head_image: string; name: string | null; opened_at: Date; deadline: Date;
}

export async function formingCollages(db: Queryable, productId: number): Promise<FormingCollage[]> {
  const { rows } = await db.query<FormingRow>({
    name: 'detail_forming_collages', // every product detail: prepared once per connection
    text: `select c.collage_id, c.size, c.paid, c.leader_head_image, u.name, c.opened_at, c.deadline
       from order_collages c left join users u on u.user_id = c.leader_user_id
      where c.product_id = $1 and c.state = 0 and c.paid >= 1 and c.members < c.size
      order by c.opened_at, c.collage_id`,
    values: [productId],
  });
  return rows.map((row) => ({
    collageId: Number(row.collage_id), size: row.size, paid: row.paid, headImage: row.leader_head_image, name: row.name ?? '',
    openedAt: new Date(row.opened_at), deadline: new Date(row.deadline),
  }));
}

export function formingCollagesAt(collages: readonly FormingCollage[], now: Date): CollageOrder[] {
  return collages.filter((c) => c.deadline.getTime() > now.getTime()).slice(0, 10).map((c) => ({
    collageId: c.collageId,
    name: c.name,
    headImage: c.headImage,
    person: Math.max(0, c.size - c.paid),
    time: c.deadline.getTime() - now.getTime(),
    createTime: formatShanghai(c.openedAt),
  }));
}
