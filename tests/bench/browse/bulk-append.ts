/**
 * Appends the events of many new streams in one statement: the rows appendToStream would write into the store's
 * `events` table (stream, revision counted from 0, event id, type, data, metadata; position and transaction id by
 * the table's defaults), for thousands of streams per round trip. The EventStore port appends one stream per call,
 * which for a 100,000-product import is 100,000 round trips; a batch is one transaction, as an import would be.
 */
import type { Queryable } from '../../../services/db/database';
import type { StreamEvent } from './generated-catalogue';

const INSERT_SQL = `
insert into events (stream_id, stream_revision, event_id, type, data, metadata)
select x.stream_id, x.revision, x.event_id, x.type, x.data, x.metadata
from rows from (jsonb_to_recordset($1::jsonb)
  as (stream_id text, revision bigint, event_id uuid, type text, data jsonb, metadata jsonb)) with ordinality
  as x(stream_id, revision, event_id, type, data, metadata, n)
order by x.n`;

export async function appendStreams(db: Queryable, events: readonly StreamEvent[]): Promise<void> {
  const rows = events.map(({ streamId, revision, event }) => ({
    stream_id: streamId, revision, event_id: event.metadata.eventId, type: event.type, data: event.data, metadata: event.metadata,
  }));
  await db.query(INSERT_SQL, [JSON.stringify(rows)]);
}
