/**
 * Appends the demo catalogue: one append per stream (all of a stream's events in one round trip), in plan order.
 * Event ids come from the plan, so a re-run after an interruption appends only the streams that are missing.
 */
import type { EventStore } from '../../../event-store/event-store.port';
import { planCatalog } from './catalog-plan';

export interface CatalogSeedResult { streams: number; events: number }

export async function seedCatalog(store: EventStore, now: Date): Promise<CatalogSeedResult> {
  const batches = planCatalog(now);
  let events = 0;
  for (const { streamId, events: batch } of batches) {
    await store.appendToStream(streamId, batch, { expectedRevision: 'any' });
    events += batch.length;
  }
  return { streams: batches.length, events };
}
