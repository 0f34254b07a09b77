/** Group state per collage for the order screens (0 forming, 1 success, 2 failed: spec §3 Group data). */
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
    case 'CollageOpened':
      await tx.query(
        `insert into ${s}.order_collages (collage_id, state, size, opened_at, deadline, updated_at)
         values ($1, 0, $2, $3, $4, $5)
         on conflict (collage_id) do update set size = excluded.size, opened_at = excluded.opened_at,
           deadline = excluded.deadline, updated_at = excluded.updated_at`,
        [e.data.collageId, e.data.size, e.data.openedAt, e.data.deadline, at]);
      return;
    case 'CollageSucceeded':
    case 'CollageFailed':
      await tx.query(`update ${s}.order_collages set state = $2, updated_at = $3 where collage_id = $1`,
        [collageId, e.type === 'CollageSucceeded' ? 1 : 2, at]);
      return;
    case 'CollageMemberJoined':
    case 'CollageMemberPaid':
    case 'CollageMemberLeft':
      return;
    default: {
      const unknown: never = e;
      throw new Error(`orders projection: unhandled collage event ${(unknown as { type: string }).type}`);
    }
  }
}
