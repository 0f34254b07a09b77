/**
 * The event store as the process uses it: appends (by stream category, single or several streams at once), their
 * latency and size in events, the conflicts they met (a stream moved since it was read), reads; and every event
 * appended by type — from which outcome-metrics.ts counts checkouts, payments, refunds and after-sales by outcome.
 */
import { inSpan } from '../tracing/tracing';
import type { EventStore, NewEvent } from '../event-store/event-store.port';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { countOutcomes } from './outcome-metrics';
import { counter, histogram, secondsSince } from './registry';

const appends = counter('jishi_store_appends_total', 'Event store appends, by stream category and result (ok, conflict, error)', ['category', 'result']);
const appendLatency = histogram('jishi_store_append_duration_seconds', 'Event store append latency, by kind (one stream, several streams)', ['kind']);
const batchSize = histogram('jishi_store_append_events', 'Events per append', ['kind'], [1, 2, 3, 5, 8, 13, 21, 50, 100]);
const eventsAppended = counter('jishi_store_events_appended_total', 'Events appended, by type', ['type']);
const reads = counter('jishi_store_reads_total', 'Event store reads, by kind (stream, all)', ['kind']);
const readLatency = histogram('jishi_store_read_duration_seconds', 'Event store read latency, by kind (stream, all)', ['kind']);

/**
 * `order-12` → `order`, `after-sale-3` → `after-sale`, `payment-PT12` → `payment`, `seckill-quota-3` → `seckill-quota`:
 * the stream id's leading words up to the first one with a digit (a bounded label, never an id).
 */
export function categoryOf(streamId: string): string {
  const words: string[] = [];
  for (const word of streamId.split('-')) {
    if (/\d/.test(word) || word === '') break;
    words.push(word);
  }
  return words.join('-') || 'other';
}

const resultOf = (error: unknown): string => (error instanceof WrongExpectedRevisionError ? 'conflict' : 'error');

function appended(events: readonly NewEvent[]): void {
  for (const event of events) eventsAppended.inc({ type: event.type });
  countOutcomes(events);
}

export function instrumentedEventStore(store: EventStore): EventStore {
  return {
    ...store,
    appendToStream: async (streamId, events, options) => {
      const start = process.hrtime.bigint();
      try {
        const result = await inSpan('eventstore append', { 'jishi.stream': streamId, 'jishi.events': events.length },
          () => store.appendToStream(streamId, events, options));
        appends.inc({ category: categoryOf(streamId), result: 'ok' });
        appended(events);
        return result;
      } catch (error) {
        appends.inc({ category: categoryOf(streamId), result: resultOf(error) });
        throw error;
      } finally {
        appendLatency.observe({ kind: 'stream' }, secondsSince(start));
        batchSize.observe({ kind: 'stream' }, events.length);
      }
    },
    appendToStreams: async (requests) => {
      const start = process.hrtime.bigint();
      const categories = [...new Set(requests.map((r) => categoryOf(r.streamId)))].sort().join('+');
      try {
        const results = await inSpan('eventstore append streams', { 'jishi.streams': requests.map((r) => r.streamId).join(' ') },
          () => store.appendToStreams(requests));
        appends.inc({ category: categories, result: 'ok' });
        for (const request of requests) appended(request.events);
        return results;
      } catch (error) {
        appends.inc({ category: categories, result: resultOf(error) });
        throw error;
      } finally {
        appendLatency.observe({ kind: 'streams' }, secondsSince(start));
        batchSize.observe({ kind: 'streams' }, requests.reduce((n, r) => n + r.events.length, 0));
      }
    },
    readStream: async (streamId, options) => {
      const start = process.hrtime.bigint();
      try {
        return await store.readStream(streamId, options);
      } finally {
        reads.inc({ kind: 'stream' });
        readLatency.observe({ kind: 'stream' }, secondsSince(start));
      }
    },
    readAll: async (options) => {
      const start = process.hrtime.bigint();
      try {
        return await store.readAll(options);
      } finally {
        reads.inc({ kind: 'all' });
        readLatency.observe({ kind: 'all' }, secondsSince(start));
      }
    },
    headPosition: () => store.headPosition(),
    verifyChain: (options) => store.verifyChain(options),
    close: () => store.close(),
  };
}
