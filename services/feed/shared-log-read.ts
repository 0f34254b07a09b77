/**
 * One read of the store's global log for every catch-up subscriber of a feed that asks for the same place.
 * Caught-up projections all sit at the head; an append wakes them together and each would otherwise run the same
 * `readAll(after: head)` — fifteen identical queries per append in the storefront process. Here they share one.
 *
 * Sharing is safe because of the log's commit-safe order (DESIGN.md §5): a later read from the same position
 * answers the same events, possibly followed by more, so any non-empty answer is a correct batch for anyone at that
 * position (the subscriber reads again at once after a non-empty batch). An empty answer only means "nothing yet",
 * so it is shared only with subscribers who joined while it was in flight and whose last wake-up it had already
 * seen (`mark`): an append pinged after the read began makes their wait return at once. A settled empty answer is
 * never reused, so a recheck after a held-back horizon always asks the store again.
 */
import { formatPosition, type EventStore, type LogPosition, type RecordedEvent } from '../event-store/event-store.port';
import type { Wakeup } from './wakeup';

/** Settled non-empty reads kept for subscribers a little behind the first (a few batches' worth). */
const KEPT_READS = 16;

interface LogRead {
  /** The wake-up count when the read began. */
  mark: number;
  settled: boolean;
  events: Promise<readonly RecordedEvent[]>;
}

export class SharedLogRead {
  private readonly reads = new Map<string, LogRead>();
  /** Store queries run (the rest were shared); for tests and status. */
  queries = 0;

  constructor(private readonly store: EventStore, private readonly wakeup: Wakeup) {}

  /**
   * Up to `limit` events after `after`. `mark` is the caller's `wakeup.mark()` taken before asking: an in-flight
   * read begun before a later ping is not joined.
   */
  read(after: LogPosition | null, limit: number, mark: number): Promise<readonly RecordedEvent[]> {
    const key = `${after ? formatPosition(after) : 'start'}:${limit}`;
    const known = this.reads.get(key);
    if (known && (known.settled || known.mark >= mark)) return known.events;
    const read: LogRead = { mark: this.wakeup.mark(), settled: false, events: Promise.resolve([]) };
    this.queries += 1;
    read.events = this.store.readAll({ after, limit }).then(
      (events) => {
        read.settled = true;
        if (events.length === 0) this.forget(key, read);
        return events;
      },
      (error: unknown) => {
        this.forget(key, read);
        throw error;
      },
    );
    this.reads.delete(key);
    this.reads.set(key, read);
    if (this.reads.size > KEPT_READS) this.reads.delete(this.reads.keys().next().value as string);
    return read.events;
  }

  /**
   * Starts the read after `after` now, for whoever asks for it next (a subscriber applying the batch that ends at
   * `after`): joined by a later `read` if it came back non-empty, or if no ping came since it began.
   */
  readAhead(after: LogPosition, limit: number): void {
    this.read(after, limit, this.wakeup.mark()).catch(() => undefined);
  }

  private forget(key: string, read: LogRead): void {
    if (this.reads.get(key) === read) this.reads.delete(key);
  }
}
