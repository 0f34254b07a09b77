/**
 * Lag of each projection, read from the stored checkpoints (so any process can report it): for the catch-up feed
 * the events it handles between the checkpoint and the head, counted in one bounded read from the slowest checkpoint
 * (capped at LAG_SCAN); for the Kafka feed the sum over the partitions of the topics carrying its types of end offset
 * minus stored offset (unknown while a stored offset lies past its partition's end).
 */
import type { Database } from '../../services/db/database';
import { comparePositions, parsePosition, type EventStore, type LogPosition } from '../../services/event-store/event-store.port';
import type { Feed } from '../../services/feed/feed.port';
import { readEventTopics, topicsHandled } from '../../services/feed/kafka-event-topics';

export const LAG_SCAN = 10_000;

export interface StoredCheckpoint {
  name: string; generation: number; position: LogPosition | null;
  /** When the checkpoint last moved (null: never written). */
  updatedAt?: Date | null;
}

export async function storedCheckpoints(db: Database, names: readonly string[]): Promise<Map<string, StoredCheckpoint>> {
  const { rows } = await db.query<{ projection: string; generation: number; position: string | null; updated_at: Date | null }>(
    `select r.projection, r.generation, c.position, c.updated_at from projection_registry r
     left join projection_checkpoints c on c.projection = r.projection and c.generation = r.generation
     where r.projection = any($1::text[])`, [[...names]]);
  return new Map(rows.map((row) => [row.projection, {
    name: row.projection, generation: Number(row.generation), position: row.position ? parsePosition(row.position) : null,
    updatedAt: row.updated_at ? new Date(row.updated_at) : null,
  }]));
}

/** What a checkpoint has left to apply: how many events, and when the first of them was appended (null: none). */
export interface Backlog { lag: number; pendingSince: Date | null }

/**
 * Per checkpoint, the events after it still to apply: of a projection (named in `handles`), only the types it
 * handles — its runner stores the checkpoint of batches with nothing for it only now and then (projection-runner.ts),
 * so the events between are no work left; of anything else (the forwarder), every event.
 */
export async function catchUpLags(
  store: EventStore, checkpoints: readonly StoredCheckpoint[], handles: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<Map<string, number>> {
  const backlogs = await catchUpBacklogs(store, checkpoints, handles);
  return new Map([...backlogs].map(([name, backlog]) => [name, backlog.lag]));
}

/** catchUpLags with the append time of each checkpoint's first event still to apply: since when work is pending. */
export async function catchUpBacklogs(
  store: EventStore, checkpoints: readonly StoredCheckpoint[], handles: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<Map<string, Backlog>> {
  const backlogs = new Map<string, Backlog>();
  if (checkpoints.length === 0) return backlogs;
  const slowest = checkpoints.reduce<LogPosition | null>((min, c) => {
    if (min === null || c.position === null) return null;
    return comparePositions(c.position, min) < 0 ? c.position : min;
  }, checkpoints[0].position);
  const ahead = await store.readAll({ after: slowest, limit: LAG_SCAN });
  for (const checkpoint of checkpoints) {
    const from = checkpoint.position;
    const types = handles.get(checkpoint.name);
    const pending = ahead.filter((e) =>
      (from === null || comparePositions(e.position, from) > 0) && (!types || types.includes(e.type)));
    backlogs.set(checkpoint.name, { lag: pending.length, pendingSince: pending.length > 0 ? new Date(pending[0].recordedAt) : null });
  }
  return backlogs;
}

/** Each projection's handled event types, for catchUpLags. */
export const handledTypes = (projections: readonly { name: string; handles: readonly string[] }[]): Map<string, readonly string[]> =>
  new Map(projections.map((projection) => [projection.name, projection.handles]));

/** Messages behind the partitions' ends, of the topics carrying a type the projection handles (kafka-event-topics.ts). */
export async function kafkaLags(
  db: Database, feed: Feed, projections: readonly { name: string; handles: readonly string[] }[],
): Promise<Map<string, number>> {
  const names = projections.map((p) => p.name);
  const [heads, eventTopics] = await Promise.all([feed.headOffsets(), readEventTopics(db)]);
  const { rows } = await db.query<{ projection: string; topic: string; partition: number; next_offset: string }>(
    `select projection, topic, partition, next_offset::text from projection_kafka_offsets where projection = any($1::text[])`,
    [[...names]]);
  const lags = new Map<string, number>();
  for (const { name, handles } of projections) {
    const topics = topicsHandled(eventTopics, handles);
    const stored = new Map(rows.filter((r) => r.projection === name).map((r) => [`${r.topic}:${r.partition}`, BigInt(r.next_offset)]));
    let lag = 0n;
    let beyondEnd = false;
    for (const head of heads) {
      if (topics && !topics.has(head.topic)) continue;
      const behind = BigInt(head.nextOffset) - (stored.get(`${head.topic}:${head.partition}`) ?? 0n);
      if (behind > 0n) lag += behind;
      if (behind < 0n) beyondEnd = true;
    }
    // offsets past a partition's end belong to a broker that is gone: the lag is unknown until the projection resumed
    if (!beyondEnd) lags.set(name, Number(lag));
  }
  return lags;
}
