/**
 * Pushes from the log, not from the command path (DESIGN.md §9): every API instance reads the store's global log
 * with the catch-up feed, from the head it finds at start, and hands each batch to the push sources the features
 * registered on the hub. A source's pushes go out once the read models its clients refetch have applied the
 * events (read-your-writes' waitFor: in process from the runners here, or from the projections' checkpoints when
 * workers project elsewhere), in log order, each with its position. So a socket on any instance hears the
 * change whichever instance handled the command, and no instance pushes before its reader could see it.
 *
 * It wakes when a projection batch commits (here, or in a worker through LISTEN/NOTIFY), which is when a push can
 * first go out, and polls slowly besides.
 */
import { SpanKind } from '@opentelemetry/api';
import { eventSpans } from '../tracing/tracing';
import type { WaitFor } from '../../projections/runner/wait-for';
import { comparePositions, type EventStore, type LogPosition, type RecordedEvent } from '../event-store/event-store.port';
import { createCatchUpFeed } from '../feed/catch-up.feed';
import type { FeedSubscription } from '../feed/feed.port';
import { errorFields, type Log } from '../feed/log';
import { Wakeup } from '../feed/wakeup';
import type { RealtimeHub } from './hub';
import type { ChannelPush } from './push-source';

export interface PushFeedDeps {
  store: EventStore;
  hub: RealtimeHub;
  waitFor: WaitFor;
  /** Committed projection batches, here and elsewhere (runtime.projections.onApplied). */
  onApplied?: (listener: (projection: string | null) => void) => () => void;
  log: Log;
  /** Slow poll when nothing wakes the feed (default 1000 ms). */
  pollMs?: number;
  /** How long a push waits for its read models before it goes out anyway (default 10 s). */
  readModelWaitMs?: number;
}

export interface PushFeed { stop(): Promise<void> }

const BATCH = 500;

/** Starts at the log's head (what was before is the pages' first fetch); reading and pushing go on in the background. */
export async function startPushFeed(deps: PushFeedDeps): Promise<PushFeed> {
  const { hub, log } = deps;
  const wakeup = new Wakeup();
  const off = deps.onApplied?.(() => wakeup.ping());
  // read now, so pushes begin with the instance; a database away at start is retried in the feed's loop instead
  let position: LogPosition | null | undefined = await deps.store.headPosition().catch(() => undefined);
  if (position !== undefined) hub.feedStartsAt(position);
  const feed = createCatchUpFeed({ store: deps.store, log, batchSize: BATCH, pollMs: deps.pollMs ?? 1000, wakeup });
  const subscription: FeedSubscription = await feed.subscribe({
    name: 'push-feed',
    async loadPosition() {
      if (position === undefined) {
        position = await deps.store.headPosition();
        hub.feedStartsAt(position);
      }
      return position;
    },
    loadOffsets: async () => [],
    async handle(batch) {
      const pushes = await pushesOf(deps, batch.events);
      const spans = pushes.length > 0
        ? eventSpans('websocket push', batch.events.filter((e) => hub.sources.some((s) => s.handles.includes(e.type))), {}, SpanKind.PRODUCER)
        : null;
      for (const push of pushes) hub.deliver(push);
      spans?.end();
      position = batch.events[batch.events.length - 1].position;
      hub.feedReached(position);
      return 'applied';
    },
  });
  return {
    async stop() {
      off?.();
      await subscription.stop();
      await feed.close();
    },
  };
}

/** Every source's pushes for one batch, each source after its read models applied it; in log order. */
async function pushesOf(deps: PushFeedDeps, events: readonly RecordedEvent[]): Promise<ChannelPush[]> {
  const all = await Promise.all(deps.hub.sources.map(async (source) => {
    const handled = events.filter((e) => source.handles.includes(e.type));
    if (handled.length === 0) return [];
    const reached = await deps.waitFor(handled, { projections: source.projections, timeoutMs: deps.readModelWaitMs ?? 10_000 });
    if (!reached) deps.log.warn({ source: source.name, projections: source.projections }, 'pushing before the read models applied the events');
    try {
      return await source.pushes(handled);
    } catch (error) {
      deps.log.error({ source: source.name, ...errorFields(error) }, 'push source failed');
      throw error;
    }
  }));
  return all.flat().sort((a, b) => comparePositions(a.position, b.position));
}
