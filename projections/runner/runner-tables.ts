/**
 * The runner's bookkeeping in `public`, shared by every process that runs or waits for projections:
 * - projection_registry: the live generation (and its version) of each projection; its row lock orders live
 *   batches against a generation switch;
 * - projection_checkpoints: the catch-up position of each generation (a rebuild fills its own);
 * - projection_kafka_offsets: the Kafka feed's next offsets per projection, kept across generations (a rebuilt
 *   generation is caught up past them before it goes live, and the revision guard absorbs the overlap), each with
 *   the store's global position of the last event applied from that partition and the cluster id they belong to:
 *   the smallest of those positions is where the projection resumes when the broker's offsets turn meaningless;
 * - projection_workers: one heartbeat row per process running projections (what health reads in the API process
 *   when the runners live elsewhere).
 */
import type { Database } from '../../services/db/database';
import { migrate } from '../../services/db/migrate';

export const RUNNER_MIGRATION_MODULE = 'projection-runner';

/** NOTIFY channel: a batch of the named projection (payload) was committed. */
export const PROJECTION_APPLIED_CHANNEL = 'jishi_projection_applied';
/** NOTIFY channel: events were appended; idle catch-up readers in other processes read now. */
export const EVENTS_APPENDED_CHANNEL = 'jishi_events_appended';

const STEPS = [
  `create table projection_registry (
     projection text primary key,
     generation integer not null,
     version integer not null,
     switched_at timestamptz not null default now()
   )`,
  `create table projection_checkpoints (
     projection text not null,
     generation integer not null,
     position text,
     updated_at timestamptz not null default now(),
     primary key (projection, generation)
   )`,
  `create table projection_kafka_offsets (
     projection text not null,
     topic text not null,
     partition integer not null,
     next_offset bigint not null,
     primary key (projection, topic, partition)
   )`,
  `alter table projection_kafka_offsets
     add column position text,
     add column cluster_id text,
     add column updated_at timestamptz not null default now()`,
  `create table projection_workers (
     id text primary key,
     pid integer not null,
     host text not null,
     started_at timestamptz not null default now(),
     beat_at timestamptz not null default now(),
     status jsonb not null default '{}'::jsonb
   )`,
];

export async function migrateRunnerTables(db: Database): Promise<void> {
  await migrate(db, RUNNER_MIGRATION_MODULE, STEPS);
}
