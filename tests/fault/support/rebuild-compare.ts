/**
 * "Read models equal a from-scratch rebuild" (issue 10): the scenario's events are copied, in commit order and with
 * their positions, into a fresh database on the DATABASE_URL server; every projection is run there from nothing on
 * the catch-up feed; then the rows of the order, stock and checkout read models are compared with the live ones.
 * Answers the differences, table by table (empty = equal).
 */
import type { Queryable } from '../../../services/db/database';
import { createPostgresEventStore } from '../../../services/event-store/postgres/postgres-event-store';
import { allProjections } from '../../../projections';
import { startProjections } from '../../../projections/runner/start-projections';
import { createFreshDatabase } from '../../support/backends';

const COMPARED = ['orders', 'stock', 'checkout'];

interface EventCopy { global_position: string; stream_id: string; stream_revision: string; event_id: string; type: string; data: unknown; metadata: unknown; recorded_at: string; transaction_id: string }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tableRows(db: Queryable, table: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from ${table} t`);
  return new Map(rows.map((r) => {
    const text = JSON.stringify(Object.fromEntries(Object.entries(r.row).sort(([a], [b]) => a.localeCompare(b))));
    return [text, text];
  }));
}

export async function compareWithRebuild(live: Queryable, serverUrl: string, timeoutMs = 60_000): Promise<string[]> {
  const fresh = await createFreshDatabase(serverUrl, 'fault_rebuild');
  try {
    await createPostgresEventStore(fresh.db);
    const { rows } = await live.query<EventCopy>(
      `select global_position::text as global_position, stream_id, stream_revision::text as stream_revision, event_id::text as event_id,
         type, data, metadata, recorded_at, transaction_id::text as transaction_id
       from events order by transaction_id, global_position`);
    // One insert per original transaction keeps the commit order (the new transaction ids grow in the same order).
    const groups = new Map<string, EventCopy[]>();
    for (const row of rows) groups.set(row.transaction_id, [...(groups.get(row.transaction_id) ?? []), row]);
    for (const group of groups.values()) {
      await fresh.db.query(
        `insert into events (global_position, stream_id, stream_revision, event_id, type, data, metadata, recorded_at)
         overriding system value
         select global_position, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
         from jsonb_to_recordset($1::jsonb) as r(global_position bigint, stream_id text, stream_revision bigint,
           event_id uuid, type text, data jsonb, metadata jsonb, recorded_at timestamptz)`,
        [JSON.stringify(group)]);
    }
    const store = await createPostgresEventStore(fresh.db);
    const projections = await startProjections({ db: fresh.db, store, projections: allProjections, feed: 'catch-up', log: () => undefined });
    try {
      await projections.ready();
      const deadline = Date.now() + timeoutMs;
      while ((await projections.status()).some((p) => (p.lag ?? 0) > 0) && Date.now() < deadline) await sleep(200);
    } finally {
      await projections.stop();
    }
    const differences: string[] = [];
    for (const projection of allProjections.filter((p) => COMPARED.includes(p.name))) {
      for (const table of projection.tables) {
        const [liveRows, rebuilt] = await Promise.all([tableRows(live, table), tableRows(fresh.db, table)]);
        const onlyLive = [...liveRows.keys()].filter((k) => !rebuilt.has(k));
        const onlyRebuilt = [...rebuilt.keys()].filter((k) => !liveRows.has(k));
        if (onlyLive.length || onlyRebuilt.length) {
          differences.push(`${table}: ${liveRows.size} live rows, ${rebuilt.size} rebuilt; ${onlyLive.length} only live `
            + `(e.g. ${onlyLive[0]?.slice(0, 300) ?? '-'}), ${onlyRebuilt.length} only rebuilt (e.g. ${onlyRebuilt[0]?.slice(0, 300) ?? '-'})`);
        }
      }
    }
    return differences;
  } finally {
    await fresh.drop();
  }
}
