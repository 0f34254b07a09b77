/**
 * Appends the demo catalogue in plan order, a chunk of streams per multi-stream append (each stream's events with it):
 * a dozen round trips instead of one per stream, so a fresh store (every `npm start` on a new data directory, every
 * test server) is seeded in a fraction of the time. Event ids come from the plan, so a re-run after an interruption
 * repeats the chunks already stored idempotently and appends the ones that are missing.
 */
import type { EventStore, RecordedEvent } from '../../../event-store/event-store.port';
import { planCatalog } from './catalog-plan';

/** `written`: the events as the store recorded them (positions and revisions), for read-your-writes. */
export interface CatalogSeedResult { streams: number; events: number; written: RecordedEvent[] }

/** Streams per multi-stream append: a chunk of the plan stays well under a megabyte of event data. */
const STREAMS_PER_APPEND = 32;

export async function seedCatalog(store: EventStore, now: Date): Promise<CatalogSeedResult> {
  const batches = planCatalog(now);
  let events = 0;
  const written: RecordedEvent[] = [];
  for (let start = 0; start < batches.length; start += STREAMS_PER_APPEND) {
    const chunk = batches.slice(start, start + STREAMS_PER_APPEND);
    const results = await store.appendToStreams(chunk.map(({ streamId, events: batch }) => ({ streamId, events: batch, expectedRevision: 'any' })));
    for (const result of results) written.push(...result.events);
    events += chunk.reduce((n, { events: batch }) => n + batch.length, 0);
  }
  return { streams: batches.length, events, written };
}
