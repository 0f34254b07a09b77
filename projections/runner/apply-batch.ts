/**
 * Applies a batch to one generation through the batch's client, behind the per-stream revision guard: an
 * event whose revision is not above the stream's last applied one (a redelivery, a republish, an overlap after
 * a generation switch) is skipped. Three statements per batch besides the projection's own: read the guard,
 * apply, advance the guard.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { guardTable, type Projection } from './projection';

/** Streams whose guard advanced in this batch, with their new last applied revision. */
export type AppliedRevisions = Map<string, number>;

export async function applyGuarded(
  tx: pg.PoolClient, projection: Projection, schema: string, events: readonly RecordedEvent[],
): Promise<AppliedRevisions> {
  const handled = events.filter((event) => projection.handles.includes(event.type));
  if (handled.length === 0) return new Map();

  const streams = [...new Set(handled.map((event) => event.streamId))];
  const { rows } = await tx.query<{ stream_id: string; revision: number }>(
    `select stream_id, revision from ${guardTable(schema)} where stream_id = any($1::text[])`, [streams]);
  const last = new Map(rows.map((row) => [row.stream_id, Number(row.revision)]));

  const fresh: RecordedEvent[] = [];
  const advanced: AppliedRevisions = new Map();
  for (const event of handled) {
    if (event.revision <= (last.get(event.streamId) ?? -1)) continue;
    fresh.push(event);
    last.set(event.streamId, event.revision);
    advanced.set(event.streamId, event.revision);
  }
  if (fresh.length === 0) return advanced;

  if (projection.applyBatch) {
    await projection.applyBatch(tx, fresh, schema);
  } else {
    for (const event of fresh) await projection.apply(tx, event, schema);
  }
  await tx.query(
    `insert into ${guardTable(schema)} (stream_id, revision)
     select * from unnest($1::text[], $2::integer[])
     on conflict (stream_id) do update set revision = excluded.revision`,
    [[...advanced.keys()], [...advanced.values()]]);
  return advanced;
}
