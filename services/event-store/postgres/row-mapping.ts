/**
 * Rows of the `events` table to the port's types: bigint columns arrive as text (positions stay bigint). Readers get
 * the event upcast to today's version (upcasting/); the chain check never maps rows, it hashes them in SQL as stored.
 */
import type { EventMetadata, LogPosition, RecordedEvent } from '../event-store.port';
import type { Upcaster } from '../upcasting/upcaster';
import { upcaster } from '../upcasting/event-versions';

export interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date | string;
  /** hex sha256 chain link (null for rows written before the chain, or tampered to null) */
  chain_hash?: string | null;
}

export interface PositionRow { global_position: string; transaction_id: string }

export const toPosition = (row: PositionRow): LogPosition => ({
  commit: BigInt(row.transaction_id),
  prepare: BigInt(row.global_position),
});

export const toIsoTime = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** The row as stored, at the version it was written with. */
export const toStoredEvent = (row: EventRow): RecordedEvent => ({
  streamId: row.stream_id,
  revision: Number(row.stream_revision),
  position: toPosition(row),
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  recordedAt: toIsoTime(row.recorded_at),
  ...(row.chain_hash ? { chainHash: row.chain_hash } : {}),
});

/** Row mapping for readers: the stored event upcast by `versions` (one function per store, made once). */
export const recordedEventWith = (versions: Upcaster) => (row: EventRow): RecordedEvent => versions.upcast(toStoredEvent(row));

export const toRecordedEvent = recordedEventWith(upcaster);
