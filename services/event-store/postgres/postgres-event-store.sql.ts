/**
 * SQL of the postgres event store: one `events` table, the same text on native PostgreSQL and PGlite.
 *
 * Indexes, each one earning its keep (no duplicate unique index):
 * - primary key (transaction_id, global_position): the global log's commit-safe order, so a readAll batch is
 *   one index range scan whatever the table size;
 * - unique (stream_id, stream_revision): optimistic concurrency and readStream;
 * - unique (event_id): idempotent appends.
 */
export const MIGRATION_MODULE = 'event-store';

export const MIGRATION_STEPS: string[] = [
  `create table events (
     global_position bigint generated always as identity,
     stream_id text not null,
     stream_revision bigint not null,
     event_id uuid not null,
     type text not null,
     data jsonb not null,
     metadata jsonb not null,
     recorded_at timestamptz not null default now(),
     transaction_id xid8 not null default pg_current_xact_id(),
     constraint events_commit_order_pkey primary key (transaction_id, global_position),
     constraint events_stream_revision_key unique (stream_id, stream_revision),
     constraint events_event_id_key unique (event_id)
   )`,
];

export const STREAM_REVISION_CONSTRAINT = 'events_stream_revision_key';
export const EVENT_ID_CONSTRAINT = 'events_event_id_key';

const EVENT_COLUMNS = `global_position::text as global_position, transaction_id::text as transaction_id,
  stream_id, stream_revision::text as stream_revision, event_id::text as event_id, type, data, metadata, recorded_at`;

/** The commit-safe horizon: every transaction below it has finished, so nothing can appear below it later. */
const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/**
 * One round trip per append. $1 stream, $2 jsonb array of {eventId, type, data, metadata}, $3 expectation kind
 * ('any' | 'no_stream' | 'stream_exists' | 'revision'), $4 expected revision when kind = 'revision'.
 * Rows come back tagged: 'inserted' (the new events' positions), 'existing' (events already stored under these
 * ids: an idempotent repeat, nothing inserted) and one 'head' row (the stream's revision before this append).
 */
export const APPEND_SQL = `
with input as (
  select (e->>'eventId')::uuid as event_id, e->>'type' as type, e->'data' as data, e->'metadata' as metadata, n
  from jsonb_array_elements($2::jsonb) with ordinality as t(e, n)
),
existing as (
  select * from events where event_id in (select event_id from input)
),
head as (
  select coalesce(max(stream_revision), -1) as revision from events where stream_id = $1
),
inserted as (
  insert into events (stream_id, stream_revision, event_id, type, data, metadata)
  select $1, head.revision + input.n, input.event_id, input.type, input.data, input.metadata
  from head cross join input
  where not exists (select 1 from existing)
    and case $3::text
      when 'any' then true
      when 'no_stream' then head.revision = -1
      when 'stream_exists' then head.revision >= 0
      else head.revision = $4::bigint
    end
  order by input.n
  returning global_position, transaction_id, stream_revision, recorded_at
)
select 'inserted' as source, global_position::text as global_position, transaction_id::text as transaction_id,
  null::text as stream_id, stream_revision::text as stream_revision, null::text as event_id, null::text as type,
  null::jsonb as data, null::jsonb as metadata, recorded_at
from inserted
union all
select 'existing', ${EVENT_COLUMNS} from existing
union all
select 'head', null, null, null, revision::text, null, null, null, null, null from head`;

export const STREAM_HEAD_SQL =
  'select coalesce(max(stream_revision), -1)::text as revision from events where stream_id = $1';

export const READ_STREAM_SQL = `
select ${EVENT_COLUMNS} from events
where stream_id = $1 and stream_revision >= $2
order by events.stream_revision`;

/**
 * $1/$2 the position to read strictly after, $3 the batch size: an index range scan on events_commit_order_pkey.
 * ORDER BY names the table's columns: the select list reuses their names for the text casts.
 */
export const READ_ALL_SQL = `
select ${EVENT_COLUMNS} from events
where ${VISIBLE} and (transaction_id, global_position) > ($1::xid8, $2::bigint)
order by events.transaction_id, events.global_position
limit $3`;

export const HEAD_POSITION_SQL = `
select transaction_id::text as transaction_id, global_position::text as global_position from events
where ${VISIBLE}
order by events.transaction_id desc, events.global_position desc
limit 1`;

/**
 * Appends to several distinct streams in one round trip (append-batcher.ts). $1 is a jsonb array of
 * {i, streamId, kind, rev, events: [{eventId, type, data, metadata}]}; each stream is checked and answered on its own,
 * exactly as APPEND_SQL answers one (rows tagged by `i`): a stream whose expectation fails, or whose event ids are
 * already stored, inserts nothing while the others insert. A unique violation (a writer elsewhere won a race on one
 * of the streams) fails the whole statement; the batcher then appends each one alone.
 */
export const APPEND_MANY_SQL = `
with req as (
  select (r->>'i')::int as i, r->>'streamId' as stream_id, r->>'kind' as kind, (r->>'rev')::bigint as rev, r->'events' as evs
  from jsonb_array_elements($1::jsonb) as t(r)
),
input as (
  select req.i, (e->>'eventId')::uuid as event_id, e->>'type' as type, e->'data' as data, e->'metadata' as metadata, n
  from req cross join lateral jsonb_array_elements(req.evs) with ordinality as t(e, n)
),
existing as (
  select input.i, ev.* from events ev join input on ev.event_id = input.event_id
),
head as (
  select req.i, req.stream_id, req.kind, req.rev,
    coalesce((select max(e.stream_revision) from events e where e.stream_id = req.stream_id), -1) as revision
  from req
),
ok as (
  select head.i, head.stream_id, head.revision from head
  where not exists (select 1 from existing x where x.i = head.i)
    and case head.kind
      when 'any' then true
      when 'no_stream' then head.revision = -1
      when 'stream_exists' then head.revision >= 0
      else head.revision = head.rev
    end
),
inserted as (
  insert into events (stream_id, stream_revision, event_id, type, data, metadata)
  select ok.stream_id, ok.revision + input.n, input.event_id, input.type, input.data, input.metadata
  from ok join input on input.i = ok.i
  order by ok.i, input.n
  returning stream_id, global_position, transaction_id, stream_revision, recorded_at
)
select ok.i, 'inserted' as source, ins.global_position::text as global_position, ins.transaction_id::text as transaction_id,
  null::text as stream_id, ins.stream_revision::text as stream_revision, null::text as event_id, null::text as type,
  null::jsonb as data, null::jsonb as metadata, ins.recorded_at
from inserted ins join ok on ok.stream_id = ins.stream_id
union all
select x.i, 'existing', x.global_position::text, x.transaction_id::text, x.stream_id, x.stream_revision::text,
  x.event_id::text, x.type, x.data, x.metadata, x.recorded_at
from existing x
union all
select head.i, 'head', null, null, null, head.revision::text, null, null, null, null, null from head`;
