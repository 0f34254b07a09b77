/**
 * `seed demo` against the PostgreSQL event store (on PGlite): a seed cut off half-way is completed without duplicates,
 * a data directory seeded before the catalogue existed gets it, and a finished seed appends nothing more.
 */
import { openDatabase, type Database } from '../../services/db/database';
import { deterministicEventId } from '../../services/event-store/event-ids';
import type { EventStore, RecordedEvent } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { planCatalog } from '../../services/ops/seed/catalog/catalog-plan';
import { isDemoSeeded, seedDemo, type DemoSeed } from '../../services/ops/seed/seed-demo';

const NOW = new Date('2025-12-01T04:30:27.000Z');
const plan = planCatalog(NOW);
const plannedEvents = plan.reduce((n, b) => n + b.events.length, 0);

let db: Database;
let store: EventStore;

async function everything(): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: out.at(-1)?.position ?? null, limit: 500 });
    if (page.length === 0) return out;
    out.push(...page);
  }
}

beforeAll(async () => {
  db = await openDatabase({ kind: 'pglite' });
  store = await createPostgresEventStore(db);
});
afterAll(async () => db?.close());

describe('a data directory seeded before the catalogue existed, whose catalogue seed was then cut off half-way', () => {
  let first: DemoSeed;
  let seededBefore: boolean;

  beforeAll(async () => {
    // given: the old marker (notices only) and the first 120 catalogue streams
    await store.appendToStream('seed-demo', [{ type: 'DemoSeeded', data: { notices: 8 },
      metadata: { eventId: deterministicEventId('seed-demo/done'), actor: { kind: 'system' }, occurredAt: NOW.toISOString(), schemaVersion: 1 } }]);
    for (const batch of plan.slice(0, 120)) await store.appendToStream(batch.streamId, batch.events);
    seededBefore = await isDemoSeeded(store);
    // when
    first = await seedDemo(store, NOW);
  });

  it('is not taken for seeded before the run, and is after it', async () => {
    expect(seededBefore).toBe(false);
    expect(first.seeded).toBe(true);
    // every event of the seed as recorded, those stored by the cut-off run included: what a first start waits for
    expect(first.written).toHaveLength(first.events);
    expect(new Set(first.written.map((e) => `${e.streamId}@${e.revision}`)).size).toBe(first.events);
    expect(await isDemoSeeded(store)).toBe(true);
  });

  it('holds every planned catalogue event exactly once, each stream in plan order', async () => {
    const events = await everything();
    const ids = events.map((e) => e.metadata.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    const catalogue = events.filter((e) => !e.streamId.startsWith('notice') && e.streamId !== 'seed-demo');
    expect(catalogue).toHaveLength(plannedEvents);
    for (const batch of plan) {
      const stored = events.filter((e) => e.streamId === batch.streamId).map((e) => e.metadata.eventId);
      expect(stored).toEqual(batch.events.map((e) => e.metadata.eventId));
    }
  });

  it('stores the payloads as planned', async () => {
    const stored = await store.readStream('product-1001');
    expect(stored[0].data).toEqual(plan.find((b) => b.streamId === 'product-1001')?.events[0].data);
    expect((await store.readStream('shop-16')).map((e) => e.type)).toContain('ShopDisabled');
  });

  it('writes the finished marker last', async () => {
    const events = await everything();
    expect(events.at(-1)?.streamId).toBe('seed-demo');
    expect(events.at(-1)?.data).toEqual(expect.objectContaining({ notices: 8, catalogEvents: plannedEvents }));
  });
});

describe('a finished seed run again a day later', () => {
  it('appends nothing and says so', async () => {
    const before = (await everything()).length;
    const again = await seedDemo(store, new Date(NOW.getTime() + 24 * 60 * 60 * 1000));
    expect(again).toEqual({ seeded: false, events: 0, written: [] });
    expect((await everything()).length).toBe(before);
  });
});
