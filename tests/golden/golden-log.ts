/** The golden log's file format: one stored event a line, in log order, as written (no positions, no chain links). */
import { readFileSync } from 'node:fs';
import type { Database } from '../../services/db/database';
import type { EventMetadata, EventStore, RecordedEvent } from '../../services/event-store/event-store.port';

export const GOLDEN_LOG_FILE = new URL('./golden-log.jsonl', import.meta.url);

export interface GoldenEvent { streamId: string; revision: number; type: string; data: unknown; metadata: EventMetadata }

/** Every event of `db` in log order, straight from the table: the stored form, never upcast. */
export async function storedLog(db: Database): Promise<GoldenEvent[]> {
  const { rows } = await db.query<{ stream_id: string; stream_revision: string; type: string; data: unknown; metadata: EventMetadata }>(
    'select stream_id, stream_revision::text, type, data, metadata from events order by transaction_id, global_position',
  );
  return rows.map((row) => ({ streamId: row.stream_id, revision: Number(row.stream_revision), type: row.type, data: row.data, metadata: row.metadata }));
}

export const readGoldenLog = (): GoldenEvent[] =>
  readFileSync(GOLDEN_LOG_FILE, 'utf8').split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l) as GoldenEvent);

/** Appends the log in order, each stream at the revisions it was recorded at (a run of one stream in one append). */
export async function appendGoldenLog(store: EventStore, events: readonly GoldenEvent[]): Promise<RecordedEvent[]> {
  const written: RecordedEvent[] = [];
  for (let i = 0; i < events.length;) {
    let j = i + 1;
    while (j < events.length && events[j].streamId === events[i].streamId) j += 1;
    const run = events.slice(i, j);
    const first = run[0].revision;
    const appended = await store.appendToStream(run[0].streamId, run.map(({ type, data, metadata }) => ({ type, data, metadata })),
      { expectedRevision: first === 0 ? 'no_stream' : first - 1 });
    written.push(...appended.events);
    i = j;
  }
  return written;
}
