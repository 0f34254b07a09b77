/**
 * A minimal in-memory EventStore for process tests: per-stream revisions with the expected-revision check, a global
 * position, and a count of refused appends (to see a retry storm). Not a contract implementation: no global-log reads.
 */
import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError, appendInSequence,
  type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type RecordedEvent, type StreamAppend,
} from '../../../services/event-store/event-store.port';

export class MemoryStore implements EventStore {
  readonly streams = new Map<string, RecordedEvent[]>();
  conflicts = 0;
  private position = 0n;

  async appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    await Promise.resolve();
    const stream = this.streams.get(streamId) ?? [];
    const actual = stream.length === 0 ? 'no_stream' : stream.length - 1;
    const expected = options.expectedRevision ?? 'any';
    if (expected !== 'any' && expected !== actual && !(expected === 'stream_exists' && actual !== 'no_stream')) {
      this.conflicts += 1;
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    }
    const known = new Set(stream.map((e) => e.metadata.eventId));
    const recorded = events.filter((e) => !known.has(e.metadata.eventId)).map((e, i): RecordedEvent => {
      this.position += 1n;
      return { ...e, streamId, revision: stream.length + i, position: { commit: this.position, prepare: this.position }, recordedAt: new Date().toISOString() };
    });
    stream.push(...recorded);
    this.streams.set(streamId, stream);
    const last = stream[stream.length - 1];
    return { nextRevision: last.revision, position: last.position, events: recorded };
  }

  /** In sequence (this store is not a contract implementation: no all-or-nothing). */
  appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return appendInSequence(this, appends);
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    await Promise.resolve();
    return [...(this.streams.get(streamId) ?? [])];
  }

  async readAll(): Promise<RecordedEvent[]> { return []; }
  async headPosition() { return null; }
  async verifyChain() { return []; }
  async close(): Promise<void> { /* nothing to release */ }

  types(streamId: string): string[] {
    return (this.streams.get(streamId) ?? []).map((e) => e.type);
  }

  /** Appends one fact as if another process had written it. */
  async seed(streamId: string, type: string, data: unknown): Promise<void> {
    await this.appendToStream(streamId, [{ type, data, metadata: { eventId: randomUUID(), actor: { kind: 'system' }, occurredAt: new Date(0).toISOString(), schemaVersion: 1 } }]);
  }
}
