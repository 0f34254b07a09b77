/**
 * Bringing one projection live in this process and keeping it so: create generation 1 if it never ran; rebuild side
 * by side when the code's version differs from the live generation's (the old views keep serving meanwhile); on
 * the Kafka feed without stored offsets, take the end offsets first, catch the live generation up from the store's
 * log, then store those offsets, so the consumer continues without a gap (and the guard absorbs the overlap).
 * A projection with bulk indexes (Projection.bulkIndexes) on the catch-up feed catches its live generation up from
 * the store here too, then has them built: a first start fills its generation from the log as a rebuild does, and
 * builds them in one pass instead of row by row (later starts catch up the little the runner would, and find them
 * built). Then subscribe the runner to the feed. Failures retry with backoff until the process stops.
 *
 * When the Kafka feed finds the stored offsets meaningless (the broker lost its data, a topic was recreated), at
 * subscribe or later under a running consumer, the same dance runs again from the projection's global position
 * (DESIGN.md §6 "Positions are the store's"): the largest position known applied — the smallest over partitions of
 * the last applied event's position, or the generation's own checkpoint — then the new topics' end offsets and the
 * cluster id replace the old offsets.
 */
import { Backoff, pause } from '../../services/feed/backoff';
import { FeedResetError, type Feed, type FeedSubscription } from '../../services/feed/feed.port';
import { errorFields } from '../../services/feed/log';
import { comparePositions, formatPosition, parsePosition, type LogPosition } from '../../services/event-store/event-store.port';
import { createBulkIndexes, ensureLiveGeneration, readCheckpoint } from './generations';
import type { ProjectionRunner } from './projection-runner';
import type { Projection } from './projection';
import { catchUp, filling, rebuildProjection, type RebuildContext, type RebuildProgress } from './rebuild';
import { beginUnloggedFill, endUnloggedFill, recoverUnloggedFill } from './unlogged-fill';

export interface BootDeps extends RebuildContext {
  feed: Feed;
  signal: AbortSignal;
  /** Runs `work` after any rebuild of the same projection already under way (one at a time per projection). */
  serialise: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  onProgress: (progress: RebuildProgress) => void;
}

export interface Supervised {
  /** Resolves when the projection first went live (or the process stopped first). */
  live: Promise<void>;
  /** Resolves once stopped: the subscription in hand is stopped too. */
  done: Promise<void>;
}

export function superviseProjection(deps: BootDeps, projection: Projection, runner: ProjectionRunner): Supervised {
  let wentLive!: () => void;
  const live = new Promise<void>((resolve) => { wentLive = resolve; });
  const stopped = new Promise<'stopped'>((resolve) => {
    if (deps.signal.aborted) resolve('stopped');
    deps.signal.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
  const done = (async () => {
    const backoff = new Backoff({ initialMs: 500, maxMs: 30_000 });
    let reset: string | null = null;
    while (!deps.signal.aborted) {
      let subscription: FeedSubscription | null = null;
      try {
        const attempt = (async () => {
          await bringUpToDate(deps, projection, runner, reset);
          return deps.signal.aborted ? null : deps.feed.subscribe(runner);
        })();
        // a broker that does not answer keeps an attempt waiting for its retries: stopping does not wait for them
        const first = await Promise.race([attempt, stopped]);
        if (first === 'stopped') {
          void attempt.then((late) => late?.stop(), () => undefined);
          break;
        }
        if (!first) break;
        subscription = first;
        reset = null;
        runner.setState('live');
        wentLive();
        backoff.reset();
        const ended = await Promise.race([subscription.ended, stopped]);
        await subscription.stop();
        if (ended === 'stopped') break;
        reset = ended.reset ? ended.reason : null;
      } catch (error) {
        await subscription?.stop().catch(() => undefined);
        if (deps.signal.aborted) break;
        if (error instanceof FeedResetError) {
          reset = error.reason;
          await pause(backoff.next(), { signal: deps.signal }); // 500 ms at first: a reset that recurs does not spin
          continue;
        }
        const delay = backoff.next();
        deps.log.error({ projection: projection.name, retryInMs: delay, ...errorFields(error) }, 'projection failed to start; retrying');
        runner.failed(error);
        await pause(delay, { signal: deps.signal });
      }
    }
    wentLive();
  })();
  return { live, done };
}

async function bringUpToDate(deps: BootDeps, projection: Projection, runner: ProjectionRunner, reset: string | null): Promise<void> {
  const live = await ensureLiveGeneration(deps.db, projection);
  if (live.version !== projection.version) {
    runner.setState('rebuilding');
    deps.log.info({ projection: projection.name, from: live.version, to: projection.version }, 'projection version changed; rebuilding');
    // nothing live to compare with (another version); the chain is the operator's `audit verify`, never a start's
    await deps.serialise(projection.name, () => rebuildProjection(deps, projection, deps.onProgress, { verifyChain: false }));
  }
  if (deps.feed.kind !== 'kafka') {
    if (projection.bulkIndexes) await catchUpThenBulkIndexes(deps, projection);
    return;
  }
  const stored = await deps.db.query<{ position: string | null }>(
    'select position from projection_kafka_offsets where projection = $1', [projection.name]);
  if (stored.rows.length > 0 && reset === null) {
    // built after the bootstrap below; a process that stopped between the two left them to this start
    await createBulkIndexes(deps.db, projection, (await ensureLiveGeneration(deps.db, projection)).generation);
    return;
  }
  runner.setState('rebuilding');
  if (reset) deps.log.warn({ projection: projection.name, reason: reset }, 'kafka offsets reset; catching up from the store');
  const heads = await deps.feed.headOffsets();
  const reached = await catchUpThenBulkIndexes(deps, projection, (generation) => resumePoint(deps, projection.name, generation, stored.rows));
  const position = reached ? formatPosition(reached) : null;
  await deps.db.transaction(async (tx) => {
    // a bootstrap keeps what another process stored meanwhile; a reset replaces offsets that mean nothing now
    if (reset) await tx.query('delete from projection_kafka_offsets where projection = $1', [projection.name]);
    await tx.query(
      `insert into projection_kafka_offsets (projection, topic, partition, next_offset, position, cluster_id)
       select $1::text, t.*, $5::text, $6::text from unnest($2::text[], $3::integer[], $4::bigint[]) as t
       on conflict (projection, topic, partition) do nothing`,
      [projection.name, heads.map((h) => h.topic), heads.map((h) => h.partition), heads.map((h) => h.nextOffset),
        position, heads[0]?.clusterId ?? null]);
  });
}

/**
 * The live generation up to the log's head from `from` (default: its checkpoint), then its bulk indexes (`if not
 * exists`: a generation that has them keeps them). Answers the position reached. A generation nothing was applied
 * to is filled unlogged and turned logged before this returns (unlogged-fill.ts): no live batch meets it unlogged.
 */
async function catchUpThenBulkIndexes(
  deps: BootDeps, projection: Projection, from: (generation: number) => Promise<LogPosition | null> = async () => null,
): Promise<LogPosition | null> {
  return deps.serialise(projection.name, async () => {
    const { generation } = await ensureLiveGeneration(deps.db, projection);
    if (await recoverUnloggedFill(deps.db, projection.name, generation)) {
      deps.log.warn({ projection: projection.name, generation }, 'a crash of PostgreSQL emptied the unlogged first fill; filling again from the start');
    }
    await beginUnloggedFill(deps.db, projection.name, generation);
    const reached = await catchUp({ ...filling(deps, projection), announceBatches: true }, projection, generation, await from(generation), () => undefined);
    await endUnloggedFill(deps.db, projection.name, generation);
    await createBulkIndexes(deps.db, projection, generation);
    return reached;
  });
}

/**
 * Everything at or before the returned position is applied to `generation`: the later of the generation's own
 * checkpoint and the smallest last-applied position over the partitions (each partition carries events in log
 * order, so all its events up to its last applied one are applied). Null: from the generation's checkpoint.
 */
async function resumePoint(
  deps: BootDeps, name: string, generation: number, partitions: readonly { position: string | null }[],
): Promise<LogPosition | null> {
  const checkpoint = await readCheckpoint(deps.db, name, generation);
  if (partitions.length === 0 || partitions.some((p) => p.position === null)) return checkpoint;
  const smallest = partitions.map((p) => parsePosition(p.position as string)).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
  return checkpoint && comparePositions(checkpoint, smallest) > 0 ? checkpoint : smallest;
}
