/**
 * What a feature tells the push feed (push-feed.ts): which logged events it turns into channel pushes, which read
 * models the client refetches on such a push (the push waits until they applied the event), and the pushes
 * themselves. Features register theirs on the hub (`hub.pushFrom`), as they register their channel policies.
 */
import type { LogPosition, RecordedEvent } from '../event-store/event-store.port';

export interface ChannelPush {
  channel: string;
  payload: unknown;
  /** The log position of the event the push tells of: clients drop a push not newer than one they had. */
  position: LogPosition;
}

export interface PushSource {
  readonly name: string;
  /** Event types that may make a push (the source still checks the stream category where a name is shared). */
  readonly handles: readonly string[];
  /** Read models the client refetches on the push: it goes out once these have applied the events. */
  readonly projections: readonly string[];
  /** The pushes for the handled events of one batch (log order), once the projections applied them. */
  pushes(events: readonly RecordedEvent[]): Promise<ChannelPush[]>;
}

/** The last event of each key among `events` (log order kept): one push per order, group or SKU per batch. */
export function lastPerKey(events: readonly RecordedEvent[], keyOf: (event: RecordedEvent) => number | null): Map<number, RecordedEvent> {
  const last = new Map<number, RecordedEvent>();
  for (const event of events) {
    const key = keyOf(event);
    if (key !== null) last.set(key, event);
  }
  return last;
}

/** `<category>-<id>` → id; null for another category or a non-numeric id. */
export function streamNumber(streamId: string, category: string): number | null {
  if (!streamId.startsWith(`${category}-`)) return null;
  const id = Number(streamId.slice(category.length + 1));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
