/** EventStoreDB client types to and from the port's types. */
import {
  ANY, NO_STREAM, STREAM_EXISTS, jsonEvent,
  type AppendExpectedRevision, type CurrentRevision, type EventData, type JSONType, type Position, type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import type { EventMetadata, ExpectedRevision, LogPosition, NewEvent, RecordedEvent } from '../event-store.port';

export function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any': return ANY;
    case 'no_stream': return NO_STREAM;
    case 'stream_exists': return STREAM_EXISTS;
    default: return BigInt(expected);
  }
}

export const toActualRevision = (current: CurrentRevision): number | 'no_stream' =>
  current === NO_STREAM ? 'no_stream' : Number(current);

export const toEventData = (event: NewEvent): EventData => jsonEvent({
  id: event.metadata.eventId,
  type: event.type,
  data: (event.data ?? null) as JSONType,
  metadata: { ...event.metadata },
});

/** System streams and system event types ($...) are EventStoreDB's own bookkeeping, never ours. */
export const isSystemEvent = (event: EsdbRecordedEvent): boolean =>
  event.streamId.startsWith('$') || event.type.startsWith('$');

export function toRecordedEvent(event: EsdbRecordedEvent, commitPosition?: bigint): RecordedEvent {
  return {
    streamId: event.streamId,
    revision: Number(event.revision),
    position: toLogPosition(event.position, commitPosition),
    type: event.type,
    data: event.isJson ? event.data : null,
    metadata: event.metadata as unknown as EventMetadata,
    recordedAt: event.created.toISOString(),
    ...(chainHashOf(event.metadata) ? { chainHash: chainHashOf(event.metadata) } : {}),
  };
}

/** Servers before 22.6 send no per-event position on stream reads; the commit position then stands for both. */
function toLogPosition(position: Position | undefined, commitPosition: bigint | undefined): LogPosition {
  if (position) return { commit: position.commit, prepare: position.prepare };
  if (commitPosition === undefined) throw new Error('EventStoreDB returned an event without a log position');
  return { commit: commitPosition, prepare: commitPosition };
}

const chainHashOf = (metadata: unknown): string | undefined => {
  const hash = (metadata as { chainHash?: unknown } | null)?.chainHash;
  return typeof hash === 'string' ? hash : undefined;
};
