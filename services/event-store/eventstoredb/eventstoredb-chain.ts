/**
 * The hash chain on EventStoreDB (DESIGN.md §5): each event's link travels in its metadata (`chainHash`), computed
 * before the append from the stream's last link — sha256(previous link || streamId, revision, id, type, data and
 * metadata as JSON), the first link chaining from nothing. EventStoreDB stores the JSON it is given, so the verifier
 * recomputes from the stored text's parse with the same serialisation.
 */
import { createHash } from 'node:crypto';
import type { ChainProblem, EventMetadata, NewEvent, RecordedEvent } from '../event-store.port';

export interface ChainLink { revision: number; hash: string }

export const GENESIS: ChainLink = { revision: -1, hash: '' };

type ChainedMetadata = EventMetadata & { chainHash?: string };

export function linkOf(previousHash: string, streamId: string, revision: number, event: Pick<NewEvent, 'type' | 'data' | 'metadata'>): string {
  const { chainHash: _ignored, ...metadata } = event.metadata as ChainedMetadata;
  const content = [streamId, String(revision), event.metadata.eventId, event.type, JSON.stringify(event.data ?? null), JSON.stringify(metadata)].join('\n');
  return createHash('sha256').update(Buffer.from(previousHash, 'hex')).update(content).digest('hex');
}

/** The events to append, each carrying its link in its metadata. */
export function chainEvents(streamId: string, previous: ChainLink, events: NewEvent[]): NewEvent[] {
  let hash = previous.hash;
  return events.map((event, i) => {
    hash = linkOf(hash, streamId, previous.revision + 1 + i, event);
    return { ...event, metadata: { ...event.metadata, chainHash: hash } as EventMetadata };
  });
}

export const storedLink = (event: RecordedEvent): string | undefined => (event.metadata as ChainedMetadata).chainHash;

/** Checks events of one or many streams in log order, keeping each stream's last link. */
export function checkLinks(events: Iterable<RecordedEvent>, last = new Map<string, ChainLink>()): ChainProblem[] {
  const problems: ChainProblem[] = [];
  for (const event of events) {
    const at = { streamId: event.streamId, revision: event.revision, position: `${event.position.commit}/${event.position.prepare}` };
    const previous = last.get(event.streamId) ?? GENESIS;
    const stored = storedLink(event);
    if (!stored) problems.push({ ...at, kind: 'unchained', detail: 'no chain link stored for this event' });
    else if (event.revision <= previous.revision) problems.push({ ...at, kind: 'out-of-place', detail: `revision ${event.revision} follows revision ${previous.revision}` });
    else if (event.revision !== previous.revision + 1) problems.push({ ...at, kind: 'missing', detail: `revisions ${previous.revision + 1}–${event.revision - 1} missing before this event` });
    else if (linkOf(previous.hash, event.streamId, event.revision, event) !== stored) {
      problems.push({ ...at, kind: 'edited', detail: 'stored content (or the link before it) differs from what was chained at append time' });
    }
    last.set(event.streamId, { revision: event.revision, hash: stored ?? '' });
  }
  return problems;
}
