/**
 * Bringing one projection live in this process: create generation 1 if it never ran; rebuild side by side
 * when the code's version differs from the live generation's (the old views keep serving meanwhile); on the
 * Kafka feed without stored offsets, take the end offsets first, catch the live generation up from the store's
 * log, then store those offsets, so the consumer continues without a gap (and the guard absorbs the overlap).
 * Then subscribe the runner to the feed. Failures retry with backoff until the process stops.
 */
import { Backoff, pause } from '../../services/feed/backoff';
import type { Feed, FeedSubscription } from '../../services/feed/feed.port';
import { errorFields } from '../../services/feed/log';
import { ensureLiveGeneration } from './generations';
import type { ProjectionRunner } from './projection-runner';
import type { Projection } from './projection';
import { catchUp, rebuildProjection, type RebuildContext, type RebuildProgress } from './rebuild';

export interface BootDeps extends RebuildContext {
  feed: Feed;
  signal: AbortSignal;
  /** Runs `work` after any rebuild of the same projection already under way (one at a time per projection). */
  serialise: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  onProgress: (progress: RebuildProgress) => void;
}

export async function bootProjection(deps: BootDeps, projection: Projection, runner: ProjectionRunner): Promise<FeedSubscription | null> {
  const backoff = new Backoff({ initialMs: 500, maxMs: 30_000 });
  while (!deps.signal.aborted) {
    try {
      await bringUpToDate(deps, projection, runner);
      if (deps.signal.aborted) return null;
      const subscription = await deps.feed.subscribe(runner);
      runner.setState('live');
      return subscription;
    } catch (error) {
      if (deps.signal.aborted) return null;
      const delay = backoff.next();
      deps.log.error({ projection: projection.name, retryInMs: delay, ...errorFields(error) }, 'projection failed to start; retrying');
      runner.failed(error);
      await pause(delay, { signal: deps.signal });
    }
  }
  return null;
}

async function bringUpToDate(deps: BootDeps, projection: Projection, runner: ProjectionRunner): Promise<void> {
  const live = await ensureLiveGeneration(deps.db, projection);
  if (live.version !== projection.version) {
    runner.setState('rebuilding');
    deps.log.info({ projection: projection.name, from: live.version, to: projection.version }, 'projection version changed; rebuilding');
    await deps.serialise(projection.name, () => rebuildProjection(deps, projection, deps.onProgress));
  }
  if (deps.feed.kind !== 'kafka') return;
  const { rows } = await deps.db.query<{ n: number }>(
    'select count(*)::int as n from projection_kafka_offsets where projection = $1', [projection.name]);
  if (Number(rows[0].n) > 0) return;
  runner.setState('rebuilding');
  const heads = await deps.feed.headOffsets();
  await deps.serialise(projection.name, async () => {
    const current = await ensureLiveGeneration(deps.db, projection);
    await catchUp(deps, projection, current.generation, null, () => undefined);
  });
  await deps.db.query(
    `insert into projection_kafka_offsets (projection, topic, partition, next_offset)
     select $1, * from unnest($2::text[], $3::integer[], $4::bigint[])
     on conflict (projection, topic, partition) do nothing`,
    [projection.name, heads.map((h) => h.topic), heads.map((h) => h.partition), heads.map((h) => h.nextOffset)]);
}
