/**
 * Group state per collage (0 forming, 1 success, 2 failed: spec §3 Group data) for the order screens, and the forming
 * groups product detail lists (collageOrders): members holding a place, members paid, the leader.
 */
import type pg from 'pg';
import { CollageEvent } from '../../domain/group-buy/collage.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';

export async function applyCollageEvent(tx: pg.PoolClient, s: string, event: RecordedEvent): Promise<void> {
  const parsed = CollageEvent.safeParse({ type: event.type, data: event.data });
  if (!parsed.success) return;
  const e = parsed.data;
  const collageId = Number(event.streamId.slice(event.streamId.lastIndexOf('-') + 1));
  const at = event.metadata.occurredAt;
  switch (e.type) {
    case 'CollageOpened': {
      const { leader } = e.data;
      await tx.query(
        `insert into ${s}.order_collages (collage_id, state, size, product_id, sku_id, leader_user_id, leader_head_image,
                                          members, paid, opened_at, deadline, updated_at)
         values ($1, 0, $2, $3, $4, $5, $6, 1, 0, $7, $8, $9)
         on conflict (collage_id) do nothing`,
        [e.data.collageId, e.data.size, e.data.productId, e.data.skuId, leader.userId, leader.headImage,
          e.data.openedAt, e.data.deadline, at]);
      return;
    }
    case 'CollageSucceeded':
    case 'CollageFailed':
      await tx.query(`update ${s}.order_collages set state = $2, updated_at = $3 where collage_id = $1`,
        [collageId, e.type === 'CollageSucceeded' ? 1 : 2, at]);
      return;
    case 'CollageMemberJoined':
      await tx.query(`update ${s}.order_collages set members = members + 1, updated_at = $2 where collage_id = $1`, [collageId, at]);
      return;
    case 'CollageMemberPaid':
      await tx.query(`update ${s}.order_collages set paid = paid + 1, updated_at = $2 where collage_id = $1`, [collageId, at]);
      return;
    case 'CollageMemberLeft':
      // a member leaves unpaid (cancelled, or the order closed unpaid): the place is free again
      await tx.query(`update ${s}.order_collages set members = members - 1, updated_at = $2 where collage_id = $1`, [collageId, at]);
      return;
    default: {
      const unknown: never = e;
      throw new Error(`orders projection: unhandled collage event ${(unknown as { type: string }).type}`);
    }
  }
}
