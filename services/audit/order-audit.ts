/**
 * `ops audit order <id>` (DESIGN.md §11): an order's whole history as the event store holds it — the order stream,
 * the checkout process that placed it, every payment started for it, its group (collage) and its after-sales —
 * merged in log order and run through the domain's pure `timeline()`: per event the time, the actor, the state
 * before → after, a Chinese summary and whether the lifecycle machine accepted it. `asOf` (an ISO time or a log
 * position `commit/prepare`) replays only what had happened by then: the state as of that moment. Every event's
 * stored chain link (made at append time, DESIGN.md §5) is checked by the store: an entry whose event was edited, or
 * that follows a deleted one, is marked `tampered` with the reason. The export bundle is hash-chained entry to entry
 * (sha256 over the previous hash and the stored link), so a published head pins the bundle.
 */
import { createHash } from 'node:crypto';
import { timeline, type TimelineEntry, type TimelineStatus } from '../../domain/audit/timeline';
import type { Queryable } from '../db/database';
import {
  formatPosition, parsePosition, type ChainProblem, type EventStore, type LogPosition, type RecordedEvent,
} from '../event-store/event-store.port';

export interface AuditEntry extends TimelineEntry {
  position: string;
  revision: number;
  eventId: string;
  correlationId: string | null;
  causationId: string | null;
  /** sha256(previous hash + the event's stored chain link), hex; the first entry chains from 64 zeros */
  hash: string;
  /** the store's chain check of this event: null when it holds, else what is wrong (edited, follows a deleted one…) */
  tampered: string | null;
}

export interface OrderAudit {
  orderId: number;
  asOf: string | null;
  streams: string[];
  entries: AuditEntry[];
  /** the order's state after the last replayed event (null before it was placed) */
  state: TimelineStatus | null;
  /** the last entry's hash: publish it to pin the bundle */
  chainHead: string;
  /** problems the store's chain check found in these streams (also those of events after asOf) */
  chainProblems: ChainProblem[];
}

export interface AuditDeps { store: EventStore; db: Queryable }

const GENESIS = '0'.repeat(64);

/** A time (anything Date parses, e.g. 2026-11-22T10:00:00+08:00) or a log position `commit/prepare`. */
export type AsOf = { kind: 'time'; at: number } | { kind: 'position'; position: LogPosition };

export function parseAsOf(text: string): AsOf | null {
  if (/^\d+\/\d+$/.test(text)) return { kind: 'position', position: parsePosition(text) };
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : { kind: 'time', at };
}

const happenedBy = (event: RecordedEvent, asOf: AsOf | null): boolean => {
  if (!asOf) return true;
  if (asOf.kind === 'time') return Date.parse(event.metadata.occurredAt) <= asOf.at;
  const { commit, prepare } = event.position;
  return commit < asOf.position.commit || (commit === asOf.position.commit && prepare <= asOf.position.prepare);
};

const inLogOrder = (a: RecordedEvent, b: RecordedEvent): number =>
  a.position.commit === b.position.commit
    ? Number(a.position.prepare - b.position.prepare)
    : a.position.commit < b.position.commit ? -1 : 1;

/** Null when no order with this id was ever placed. */
export async function auditOrder(deps: AuditDeps, orderId: number, asOf: AsOf | null = null): Promise<OrderAudit | null> {
  const orderEvents = await deps.store.readStream(`order-${orderId}`);
  const placed = orderEvents.find((e) => e.type === 'OrderPlaced');
  if (!placed) return null;
  const streams = await relatedStreams(deps, orderId, orderEvents);
  const events = (await Promise.all(streams.map(async (s) => (s === `order-${orderId}` ? orderEvents : deps.store.readStream(s)))))
    .flat().filter((e) => happenedBy(e, asOf)).sort(inLogOrder);
  const chainProblems = await deps.store.verifyChain({ streams });
  const problemAt = new Map(chainProblems.map((p) => [`${p.streamId}#${p.revision}`, p]));
  const described = timeline(events.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata, streamId: e.streamId })));
  let previous = GENESIS;
  const entries = described.map((entry, i): AuditEntry => {
    const event = events[i];
    previous = chained(previous, event);
    return {
      ...entry,
      position: formatPosition(event.position),
      revision: event.revision,
      eventId: event.metadata.eventId,
      correlationId: event.metadata.correlationId ?? null,
      causationId: event.metadata.causationId ?? null,
      hash: previous,
      tampered: problemAt.get(`${event.streamId}#${event.revision}`)?.detail ?? null,
    };
  });
  const state = [...entries].reverse().find((e) => e.streamId === `order-${orderId}` && e.to)?.to ?? null;
  return { orderId, asOf: asOfText(asOf), streams, entries, state, chainHead: previous, chainProblems };
}

function chained(previous: string, event: RecordedEvent): string {
  const link = event.chainHash ?? JSON.stringify({ streamId: event.streamId, revision: event.revision, type: event.type, data: event.data, metadata: event.metadata });
  return createHash('sha256').update(previous).update(link).digest('hex');
}

export async function relatedStreams(deps: AuditDeps, orderId: number, orderEvents: readonly RecordedEvent[]): Promise<string[]> {
  const streams = new Set<string>([`order-${orderId}`]);
  for (const event of orderEvents) {
    const data = event.data as { collageId?: number; paymentId?: string; afterSaleId?: number };
    if (event.metadata.correlationId?.startsWith('checkout-')) streams.add(event.metadata.correlationId);
    if (event.type === 'OrderPlaced' && data.collageId) streams.add(`collage-${data.collageId}`);
    if (event.type === 'OrderPaid' && data.paymentId) streams.add(`payment-${data.paymentId}`);
    if (event.type === 'AfterSaleOpened' && data.afterSaleId) streams.add(`after-sale-${data.afterSaleId}`);
  }
  // payments started for the order and never paid (closed, expired) are found through the payments read model
  const { rows } = await deps.db.query<{ payment_id: string }>(
    'select payment_id from payment_orders where order_id = $1 order by created_at', [orderId]);
  for (const row of rows) streams.add(`payment-${row.payment_id}`);
  return [...streams];
}

const asOfText = (asOf: AsOf | null): string | null =>
  !asOf ? null : asOf.kind === 'time' ? new Date(asOf.at).toISOString() : formatPosition(asOf.position);
