/**
 * The one write-side port (DESIGN.md §5). Adapters: postgres (pg on PostgreSQL or PGlite) and eventstoredb.
 * Positions are totally ordered pairs compared (commit, prepare): on PostgreSQL (transaction id, global
 * position) so a late-committing transaction is never skipped; on EventStoreDB its commit/prepare positions.
 */
export type ActorKind = 'user' | 'merchant' | 'platform' | 'system';
export interface Actor { kind: ActorKind; id?: string }

export interface EventMetadata {
  eventId: string;
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  actor: Actor;
  occurredAt: string;
  schemaVersion: number;
  /** W3C trace context of the request that appended it, while tracing is on (services/tracing): the async half joins its trace */
  traceparent?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface LogPosition { commit: bigint; prepare: bigint }

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  /** 0-based revision of this event inside its stream. */
  revision: number;
  position: LogPosition;
  recordedAt: string;
  /**
   * Tamper evidence (DESIGN.md §5): this event's link in its stream's hash chain, hex, computed at append time over
   * the previous link and the stored event; absent where an adapter keeps none.
   */
  chainHash?: string;
}

/** 'no_stream': the stream must not exist; a number: the revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Position of the last appended event (for read-your-writes). */
  position: LogPosition;
  /** The recorded events of this append, as stored (also when the append was an idempotent repeat). */
  events: RecordedEvent[];
}

export interface ReadAllOptions { after?: LogPosition | null; limit: number }

/** One stream's part of a multi-stream append. */
export interface StreamAppend { streamId: string; events: NewEvent[]; expectedRevision?: ExpectedRevision }

export interface EventStore {
  appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Several distinct streams that must change together, answered in the order given (their events take log positions
   * in that order). PostgreSQL appends all or none (one statement, one transaction): one stream's failed expectation
   * appends nothing anywhere, and the first such stream in the order given is the one reported. EventStoreDB (no
   * multi-stream append in this client) appends them in sequence, so there a failure leaves the streams before it appended.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /** The global log in commit-safe order, strictly after `after`. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the newest event a reader may see now (null when empty): the feed's head, for lag. */
  headPosition(): Promise<LogPosition | null>;
  /**
   * Checks the stored hash chain against the stored events (never recomputes a chain from whatever rows are there):
   * of the given streams, or of the whole log. Each problem names the event's position.
   */
  verifyChain(options?: { streams?: readonly string[] }): Promise<ChainProblem[]>;
  close(): Promise<void>;
}

/**
 * edited: the event's stored content no longer gives its stored link, or (against a signed anchor) its link is not the
 * one anchored; missing: a revision is absent before this one, or an anchored event is gone (deleted, even a stream's
 * last); unchained: no link stored; out-of-place: the stream's revisions repeat or go backwards in the log order, or the
 * event is not where it was anchored; inserted: an event in an anchored range that its anchor does not hold;
 * signature: an anchor that does not verify with the public key (written or refolded without the signing key);
 * anchor: the anchors themselves out of sequence, or a range folding to another digest where no event was named.
 */
export type ChainProblemKind = 'edited' | 'missing' | 'unchained' | 'out-of-place' | 'inserted' | 'signature' | 'anchor';

export interface ChainProblem {
  kind: ChainProblemKind;
  streamId: string;
  revision: number;
  /** `commit/prepare` of the event found wrong (for missing: of the first event after the gap) */
  position: string;
  detail: string;
}

export class WrongExpectedRevisionError extends Error {
  constructor(readonly streamId: string, readonly expected: ExpectedRevision, readonly actual: number | 'no_stream') {
    super(`wrong expected revision on ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export const formatPosition = (p: LogPosition): string => `${p.commit}/${p.prepare}`;
export function parsePosition(text: string): LogPosition {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) throw new Error(`not a log position: ${text}`);
  return { commit: BigInt(m[1]), prepare: BigInt(m[2]) };
}
export const streamCategory = (streamId: string): string => {
  const i = streamId.lastIndexOf('-'); // ids are numeric, categories may contain dashes (after-sale-12)
  return i < 0 ? streamId : streamId.slice(0, i);
};

/** A multi-stream append names each stream once. */
export function assertDistinctStreams(appends: readonly StreamAppend[]): void {
  const seen = new Set<string>();
  for (const { streamId } of appends) {
    if (seen.has(streamId)) throw new Error(`appendToStreams: stream ${streamId} named twice`);
    seen.add(streamId);
  }
}

/** The fallback where a backend cannot append several streams atomically: one after another. */
export async function appendInSequence(store: Pick<EventStore, 'appendToStream'>, appends: readonly StreamAppend[]): Promise<AppendResult[]> {
  assertDistinctStreams(appends);
  const results: AppendResult[] = [];
  for (const a of appends) results.push(await store.appendToStream(a.streamId, a.events, { expectedRevision: a.expectedRevision ?? 'any' }));
  return results;
}
