/**
 * SQL of the postgres event store: one `events` table, the same text on native PostgreSQL and PGlite.
 *
 * Indexes, each one earning its keep (no duplicate unique index):
 * - primary key (transaction_id, global_position): the global log's commit-safe order, so a readAll batch is
 *   one index range scan whatever the table size;
 * - unique (stream_id, stream_revision): optimistic concurrency and readStream;
 * - unique (event_id): idempotent appends.
 */
import { lz4WhereAvailable } from '../../db/toast-compression';

export const MIGRATION_MODULE = 'event-store';

/**
 * The stored form an event's chain hash covers (DESIGN.md §5, tamper evidence): stream, revision, id, type and the
 * jsonb texts of data and metadata, which PostgreSQL renders canonically. `chain_hash` = sha256(previous event's
 * chain_hash in the stream (empty for revision 0) || this), computed in the append statement itself.
 */
export const chainContent = (stream: string, revision: string, eventId: string, type: string, data: string, metadata: string): string =>
  `convert_to(${stream} || chr(10) || (${revision})::text || chr(10) || (${eventId})::text || chr(10) || ${type}
     || chr(10) || (${data})::text || chr(10) || (${metadata})::text, 'UTF8')`;

const rowContent = (r: string) => chainContent(`${r}.stream_id`, `${r}.stream_revision`, `${r}.event_id`, `${r}.type`, `${r}.data`, `${r}.metadata`);

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
  'alter table events add column chain_hash bytea',
  // events stored before the chain existed are chained once, stream by stream, from revision 0
  `with recursive chained as (
     select e.stream_id, e.stream_revision, sha256(''::bytea || ${rowContent('e')}) as hash
     from events e where e.stream_revision = 0
     union all
     select e.stream_id, e.stream_revision, sha256(c.hash || ${rowContent('e')})
     from chained c join events e on e.stream_id = c.stream_id and e.stream_revision = c.stream_revision + 1
   )
   update events set chain_hash = chained.hash from chained
   where events.stream_id = chained.stream_id and events.stream_revision = chained.stream_revision
     and events.chain_hash is null`,
  // a listing's event is ~3 kB: compressed with lz4 where the server has it (services/db/toast-compression.ts)
  lz4WhereAvailable('events', ['data']),
];

export const STREAM_REVISION_CONSTRAINT = 'events_stream_revision_key';
export const EVENT_ID_CONSTRAINT = 'events_event_id_key';

const EVENT_COLUMNS = `global_position::text as global_position, transaction_id::text as transaction_id,
  stream_id, stream_revision::text as stream_revision, event_id::text as event_id, type, data, metadata, recorded_at,
  encode(chain_hash, 'hex') as chain_hash`;

/** The commit-safe horizon: every transaction below it has finished, so nothing can appear below it later. */
const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/**
 * One round trip per append. $1 stream, $2 jsonb array of {eventId, type, data, metadata}, $3 expectation kind
 * ('any' | 'no_stream' | 'stream_exists' | 'revision'), $4 expected revision when kind = 'revision'.
 * Rows come back tagged: 'inserted' (the new events' positions), 'existing' (events already stored under these
 * ids: an idempotent repeat, nothing inserted) and one 'head' row (the stream's revision before this append).
 * `existing` probes the event id index once per input event (a lateral LIMIT 1 the planner cannot turn into a join):
 * as `event_id in (select …)` the planner, guessing 100 rows for any jsonb array, hashed them against a sequential
 * scan of the whole table whenever that looked cheaper — and the statement is prepared once and keeps its generic
 * plan, so a plan made while the table was small (PGlite never re-analyzes) scanned the whole log on every append.
 * `last` reads the stream's head revision and its chain link in one probe of the (stream_id, stream_revision) index.
 */
export const APPEND_SQL = `
with recursive input as (
  select (e->>'eventId')::uuid as event_id, e->>'type' as type, e->'data' as data, e->'metadata' as metadata, n
  from jsonb_array_elements($2::jsonb) with ordinality as t(e, n)
),
existing as (
  select ev.* from input cross join lateral (select * from events e where e.event_id = input.event_id limit 1) ev
),
last as (
  select e.stream_revision, e.chain_hash from events e where e.stream_id = $1 order by e.stream_revision desc limit 1
),
head as (
  select coalesce((select stream_revision from last), -1) as revision
),
chain as (
  select 0::bigint as n, coalesce((select chain_hash from last), ''::bytea) as hash
  union all
  select input.n, sha256(chain.hash || ${chainContent('$1::text', '(select revision from head) + input.n', 'input.event_id', 'input.type', 'input.data', 'input.metadata')})
  from chain join input on input.n = chain.n + 1
),
inserted as (
  insert into events (stream_id, stream_revision, event_id, type, data, metadata, chain_hash)
  select $1, head.revision + input.n, input.event_id, input.type, input.data, input.metadata, chain.hash
  from head cross join input join chain on chain.n = input.n
  where not exists (select 1 from existing)
    and case $3::text
      when 'any' then true
      when 'no_stream' then head.revision = -1
      when 'stream_exists' then head.revision >= 0
      else head.revision = $4::bigint
    end
  order by input.n
  returning global_position, transaction_id, stream_revision, recorded_at, chain_hash
)
select 'inserted' as source, global_position::text as global_position, transaction_id::text as transaction_id,
  null::text as stream_id, stream_revision::text as stream_revision, null::text as event_id, null::text as type,
  null::jsonb as data, null::jsonb as metadata, recorded_at, encode(chain_hash, 'hex') as chain_hash
from inserted
union all
select 'existing', ${EVENT_COLUMNS} from existing
union all
select 'head', null, null, null, revision::text, null, null, null, null, null, null from head`;

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
 * Appends to several distinct streams in one statement, so one round trip and one transaction. $1 is a jsonb array
 * of the streams {i, streamId, kind, rev, count}, $2 one flat jsonb array of their events {i, n (1-based in its
 * stream), eventId, type, data, metadata} in the order given, $3 whether they append all or none. (Flat, not nested:
 * the planner guesses 100 rows per jsonb array, and a nested one's 100 × 100 rows priced this small statement over
 * jit_above_cost, so PostgreSQL JIT-compiled it on every run: about a second each on this machine.)
 * Each stream is judged on its own as APPEND_SQL judges one (rows tagged by `i`, the head row carrying the verdict):
 * 'append' (no id stored yet, the expectation holds), 'repeat' (every id already stored in this stream: an idempotent
 * repeat, nothing inserted) or 'refused' (the expectation fails, or only some ids are stored, or elsewhere).
 * - $3 false (the batcher's group commit, append-batcher.ts): every stream judged 'append' inserts, whatever the
 *   others; a unique violation (a writer elsewhere won a race) fails the whole statement, then each goes alone.
 * - $3 true (appendToStreams): nothing is inserted anywhere when one stream is refused; a unique violation (a lost
 *   race) fails the statement, inserting nothing, and the caller runs it again.
 * Positions are taken in the order given (the order of $2), but rows go into the table in stream id
 * order: two statements whose streams overlap take the streams' revision slots in one order, so the later one waits
 * for the earlier and then conflicts (and is run again) instead of the two deadlocking.
 */
export const APPEND_MANY_SQL = `
with recursive req as (
  select (r->>'i')::int as i, r->>'streamId' as stream_id, r->>'kind' as kind, (r->>'rev')::bigint as rev, (r->>'count')::int as count
  from jsonb_array_elements($1::jsonb) as t(r)
),
input as (
  select (e->>'i')::int as i, (e->>'n')::bigint as n, k::int as k, (e->>'eventId')::uuid as event_id, e->>'type' as type,
    e->'data' as data, e->'metadata' as metadata
  from jsonb_array_elements($2::jsonb) with ordinality as t(e, k)
),
existing as (
  select input.i, ev.* from input
  cross join lateral (select * from events e where e.event_id = input.event_id limit 1) ev
),
head as (
  select req.i, req.stream_id, req.kind, req.rev, req.count,
    coalesce(last.stream_revision, -1) as revision, coalesce(last.chain_hash, ''::bytea) as last_hash
  from req left join lateral (select e.stream_revision, e.chain_hash from events e
    where e.stream_id = req.stream_id order by e.stream_revision desc limit 1) last on true
),
judged as (
  select head.i, head.stream_id, head.revision, head.last_hash,
    case
      when not exists (select 1 from existing x where x.i = head.i) then
        case when case head.kind
            when 'any' then true
            when 'no_stream' then head.revision = -1
            when 'stream_exists' then head.revision >= 0
            else head.revision = head.rev
          end then 'append' else 'refused' end
      when (select count(*) from existing x where x.i = head.i and x.stream_id = head.stream_id) = head.count then 'repeat'
      else 'refused'
    end as verdict
  from head
),
ok as (
  select judged.i, judged.stream_id, judged.revision, judged.last_hash from judged
  where judged.verdict = 'append'
    and not ($3::boolean and exists (select 1 from judged refused where refused.verdict = 'refused'))
),
chain as (
  select ok.i, 0::bigint as n, ok.last_hash as hash
  from ok
  union all
  select chain.i, input.n, sha256(chain.hash || ${chainContent('ok.stream_id', 'ok.revision + input.n', 'input.event_id', 'input.type', 'input.data', 'input.metadata')})
  from chain join input on input.i = chain.i and input.n = chain.n + 1 join ok on ok.i = chain.i
),
taken as (
  select array_agg(p order by p) as positions
  from (select nextval(pg_get_serial_sequence('events', 'global_position')) as p from input) t
),
inserted as (
  insert into events (global_position, stream_id, stream_revision, event_id, type, data, metadata, chain_hash)
  overriding system value
  select taken.positions[input.k], ok.stream_id, ok.revision + input.n, input.event_id, input.type, input.data, input.metadata, chain.hash
  from ok join input on input.i = ok.i join chain on chain.i = ok.i and chain.n = input.n cross join taken
  order by ok.stream_id, input.n
  returning stream_id, global_position, transaction_id, stream_revision, recorded_at, chain_hash
)
select ok.i, 'inserted' as source, ins.global_position::text as global_position, ins.transaction_id::text as transaction_id,
  null::text as stream_id, ins.stream_revision::text as stream_revision, null::text as event_id, null::text as type,
  null::jsonb as data, null::jsonb as metadata, ins.recorded_at, encode(ins.chain_hash, 'hex') as chain_hash,
  null::text as verdict
from inserted ins join ok on ok.stream_id = ins.stream_id
union all
select x.i, 'existing', x.global_position::text, x.transaction_id::text, x.stream_id, x.stream_revision::text,
  x.event_id::text, x.type, x.data, x.metadata, x.recorded_at, encode(x.chain_hash, 'hex'), null
from existing x
union all
select judged.i, 'head', null, null, null, judged.revision::text, null, null, null, null, null, null, judged.verdict
from judged`;

/**
 * The stored chain checked row by row in one pass ($1: stream ids, null = the whole log): each event's link must be
 * sha256(the previous stored link || its stored content), its revision the previous one + 1, and its log position
 * after the previous revision's. Only rows that fail come back (at most $2).
 */
export const VERIFY_CHAIN_SQL = `
select stream_id, stream_revision::text as stream_revision, transaction_id::text as transaction_id,
  global_position::text as global_position, chain_hash is null as unchained,
  stream_revision <> coalesce(previous_revision, -1) + 1 as gap,
  previous_revision::text as previous_revision,
  coalesce((previous_tx, previous_position) > (transaction_id, global_position), false) as out_of_place,
  chain_hash is distinct from expected as mismatch
from (
  select e.stream_id, e.stream_revision, e.transaction_id, e.global_position, e.chain_hash,
    lag(e.stream_revision) over w as previous_revision,
    lag(e.transaction_id) over w as previous_tx,
    lag(e.global_position) over w as previous_position,
    sha256(coalesce(lag(e.chain_hash) over w, ''::bytea) || ${rowContent('e')}) as expected
  from events e
  where $1::text[] is null or e.stream_id = any($1::text[])
  window w as (partition by e.stream_id order by e.stream_revision)
) checked
where chain_hash is null or stream_revision <> coalesce(previous_revision, -1) + 1
  or (previous_tx, previous_position) > (transaction_id, global_position) or chain_hash is distinct from expected
order by checked.transaction_id, checked.global_position
limit $2`;
