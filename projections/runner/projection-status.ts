/** `status()` of startProjections: the runners' own view (when they run here) joined with the stored checkpoints. */
import type { Database } from '../../services/db/database';
import { formatPosition, type EventStore } from '../../services/event-store/event-store.port';
import type { Feed } from '../../services/feed/feed.port';
import type { Projection } from './projection';
import type { ProjectionRunner, RunnerState } from './projection-runner';
import { catchUpLags, handledTypes, kafkaLags, storedCheckpoints } from './status';

export interface ProjectionStatus {
  name: string;
  version: number;
  /** The live generation (its tables are `rm_<name>_g<generation>`). */
  generation: number | null;
  /** 'elsewhere' when this process runs no runner (the worker does). */
  state: RunnerState | 'elsewhere';
  feed: Feed['kind'];
  /** Catch-up feed: the live generation's checkpoint (`commit/prepare`). */
  position: string | null;
  /** Events still to apply (catch-up: of its types, among the first 10,000 after the slowest checkpoint; Kafka: messages on the topics carrying its types); null if unknown. */
  lag: number | null;
  lastError: string | null;
}

export interface StatusSources {
  db: Database;
  store: EventStore;
  feed: Feed;
  projections: readonly Projection[];
  runners: ReadonlyMap<string, ProjectionRunner> | null;
}

export async function projectionStatuses(sources: StatusSources): Promise<ProjectionStatus[]> {
  const { db, store, feed, projections, runners } = sources;
  const names = projections.map((p) => p.name);
  const checkpoints = await storedCheckpoints(db, names);
  const lags = await withinMs(LAGS_WITHIN_MS, feed.kind === 'kafka'
    ? kafkaLags(db, feed, projections)
    : catchUpLags(store, [...checkpoints.values()], handledTypes(projections))).catch(() => new Map<string, number>());
  return projections.map((projection) => {
    const stored = checkpoints.get(projection.name);
    const runner = runners?.get(projection.name)?.status();
    return {
      name: projection.name,
      version: projection.version,
      generation: stored?.generation ?? null,
      state: runner?.state ?? 'elsewhere',
      feed: feed.kind,
      position: feed.kind === 'catch-up' && stored?.position ? formatPosition(stored.position) : null,
      lag: lags.get(projection.name) ?? null,
      lastError: runner?.lastError ?? null,
    };
  });
}

/** A broker that does not answer leaves the lags unknown rather than holding the status for its retries. */
const LAGS_WITHIN_MS = 2000;

function withinMs<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
