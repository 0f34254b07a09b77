/**
 * Group state per collage (0 forming, 1 success, 2 failed: spec §3 Group data) for the order screens, and the forming
 * groups product detail lists (collageOrders): members holding a place, members paid, the leader.
 *
 * Set-based: the batch's collage events are folded per collage in log order into at most one insert (a collage
 * opened that was not there) and one update (members and paid counts moved, the last state, the last time), two
 * statements for the whole batch. An event finds the row only once it exists (known before the batch or opened
 * earlier in it), as it would event by event; an opening of a collage already there changes nothing.
 */
import type pg from 'pg';
import { CollageEvent, type CollageOpened } from '../../domain/group-buy/collage.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';

interface Fold { opened: CollageOpened['data'] | null; insertedAt: string; members: number; paid: number; state: number | null; at: string | null }

export async function applyCollageEvents(tx: pg.PoolClient, s: string, events: readonly RecordedEvent[]): Promise<void> {
  const parsed = events.flatMap((event) => {
    const result = CollageEvent.safeParse({ type: event.type, data: event.data });
    if (!result.success) return [];
    const e = result.data;
    const collageId = e.type === 'CollageOpened' ? e.data.collageId : Number(event.streamId.slice(event.streamId.lastIndexOf('-') + 1));
    return [{ e, collageId, at: event.metadata.occurredAt }];
  });
  if (parsed.length === 0) return;
  const { rows } = await tx.query<{ collage_id: string }>(
    `select collage_id from ${s}.order_collages where collage_id = any($1::bigint[])`, [[...new Set(parsed.map((p) => p.collageId))]]);
  const existing = new Set(rows.map((row) => Number(row.collage_id)));
  const folds = new Map<number, Fold>();
  for (const { e, collageId, at } of parsed) {
    const fold = folds.get(collageId);
    if (e.type === 'CollageOpened') {
      if (!existing.has(collageId) && !fold) folds.set(collageId, { opened: e.data, insertedAt: at, members: 0, paid: 0, state: null, at: null });
      continue;
    }
    if (!existing.has(collageId) && !fold) continue; // no row yet: event by event, the update finds nothing
    const f = fold ?? { opened: null, insertedAt: at, members: 0, paid: 0, state: null, at: null };
    switch (e.type) {
      case 'CollageSucceeded': f.state = 1; break;
      case 'CollageFailed': f.state = 2; break;
      case 'CollageMemberJoined': f.members += 1; break;
      case 'CollageMemberPaid': f.paid += 1; break;
      // a member leaves unpaid (cancelled, or the order closed unpaid): the place is free again
      case 'CollageMemberLeft': f.members -= 1; break;
      default: {
        const unknown: never = e;
        throw new Error(`orders projection: unhandled collage event ${(unknown as { type: string }).type}`);
      }
    }
    f.at = at;
    folds.set(collageId, f);
  }
  const opened = [...folds].flatMap(([, f]) => (f.opened ? [{ ...f.opened, at: f.insertedAt }] : []));
  if (opened.length > 0) {
    await tx.query(
      `insert into ${s}.order_collages (collage_id, state, size, product_id, sku_id, leader_user_id, leader_head_image,
                                        members, paid, opened_at, deadline, updated_at)
       select x.collage_id, 0, x.size, x.product_id, x.sku_id, x.leader_user_id, x.leader_head_image, 1, 0, x.opened_at, x.deadline, x.at
       from unnest($1::bigint[], $2::integer[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::timestamptz[],
                   $8::timestamptz[], $9::timestamptz[])
         as x(collage_id, size, product_id, sku_id, leader_user_id, leader_head_image, opened_at, deadline, at)
       on conflict (collage_id) do nothing`,
      [opened.map((o) => o.collageId), opened.map((o) => o.size), opened.map((o) => o.productId), opened.map((o) => o.skuId),
        opened.map((o) => o.leader.userId), opened.map((o) => o.leader.headImage), opened.map((o) => o.openedAt),
        opened.map((o) => o.deadline), opened.map((o) => o.at)]);
  }
  const moved = [...folds].filter(([, f]) => f.at !== null);
  if (moved.length > 0) {
    await tx.query(
      `update ${s}.order_collages c set members = c.members + x.members, paid = c.paid + x.paid,
         state = coalesce(x.state, c.state), updated_at = x.at
       from unnest($1::bigint[], $2::integer[], $3::integer[], $4::smallint[], $5::timestamptz[]) as x(collage_id, members, paid, state, at)
       where c.collage_id = x.collage_id`,
      [moved.map(([id]) => id), moved.map(([, f]) => f.members), moved.map(([, f]) => f.paid), moved.map(([, f]) => f.state),
        moved.map(([, f]) => f.at)]);
  }
}
