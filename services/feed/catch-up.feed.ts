/**
 * The store catch-up feed: each subscriber pulls the global log in batches from its own checkpoint; subscribers at
 * the same place share one `store.readAll` (shared-log-read.ts).
 * No sleep while events remain: a full batch is followed by the next read at once, started while it applies. When
 * the log is drained the loop waits for a ping (an append in this process, or a NOTIFY from another) or the slow
 * poll. After a ping that found nothing (an older transaction still holds the commit-safe horizon) it looks again soon.
 */
import type { EventStore, LogPosition } from '../event-store/event-store.port';
import { Backoff, pause, type BackoffOptions } from './backoff';
import type { Feed, FeedSubscriber } from './feed.port';
import { errorFields, type Log } from './log';
import { SharedLogRead } from './shared-log-read';
import { Wakeup } from './wakeup';

export interface CatchUpFeedOptions {
  store: EventStore;
  log: Log;
  /** Events per read and per transaction (default 1000). */
  batchSize?: number;
  /** Slow poll when nothing pings (default 1000 ms). */
  pollMs?: number;
  /** Shared wake-up signal; pass one to ping feeds from elsewhere (default: a new one, pinged by poke()). */
  wakeup?: Wakeup;
  /** Delays between retries of a failed batch (default 100 ms doubling to 30 s). */
  retry?: BackoffOptions;
}

/** The store's log never resets under a subscriber. */
const NEVER = new Promise<never>(() => undefined);

/** Re-reads after a ping that found nothing: the appended events may sit behind a running transaction. */
const RECHECK_MS = [5, 20, 50, 100, 250];

export function createCatchUpFeed(options: CatchUpFeedOptions): Feed {
  const wakeup = options.wakeup ?? new Wakeup();
  const reads = new SharedLogRead(options.store, wakeup);
  const subscriptions = new Set<{ stop(): Promise<void> }>();
  const feed: Feed = {
    kind: 'catch-up',
    async subscribe(subscriber) {
      const subscription = runSubscriber(options, wakeup, reads, subscriber);
      subscriptions.add(subscription);
      return {
        async stop() {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
        ended: NEVER,
      };
    },
    async headOffsets() {
      return [];
    },
    poke: () => wakeup.ping(),
    async close() {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      subscriptions.clear();
    },
  };
  return feed;
}

function runSubscriber(
  options: CatchUpFeedOptions, wakeup: Wakeup, reads: SharedLogRead, subscriber: FeedSubscriber,
): { stop(): Promise<void> } {
  const { log } = options;
  const batchSize = options.batchSize ?? 1000;
  const pollMs = options.pollMs ?? 1000;
  const stopping = new AbortController();
  const backoff = new Backoff(options.retry);

  const loop = async () => {
    let position: LogPosition | null | undefined;
    let rechecks = 0;
    while (!stopping.signal.aborted) {
      const mark = wakeup.mark();
      try {
        if (position === undefined) position = await subscriber.loadPosition();
        const events = await reads.read(position, batchSize, mark);
        if (events.length === 0) {
          subscriber.caughtUp?.();
          const delay = rechecks < RECHECK_MS.length ? RECHECK_MS[rechecks] : pollMs;
          rechecks += 1;
          if ((await wakeup.wait(mark, delay, stopping.signal)) === 'pinged') rechecks = 0;
          continue;
        }
        if (stopping.signal.aborted) break;
        const last = events[events.length - 1].position;
        // a full batch: the next one is read while this one applies, and joined by the next read (shared-log-read.ts)
        if (events.length === batchSize) reads.readAhead(last, batchSize);
        const outcome = await subscriber.handle({ events, cursor: { kind: 'log', position: last } });
        position = outcome === 'applied' ? last : undefined;
        rechecks = 0;
        backoff.reset();
      } catch (error) {
        const delay = backoff.next();
        log.error({ subscriber: subscriber.name, retryInMs: delay, ...errorFields(error) }, 'feed batch failed; retrying');
        subscriber.failed?.(error, delay);
        position = undefined; // reload: whatever failed rolled back, the stored checkpoint is the truth
        await pause(delay, stopping);
      }
    }
  };
  const done = loop();
  return {
    async stop() {
      stopping.abort();
      await done;
    },
  };
}
