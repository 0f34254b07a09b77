/**
 * "Stalled" in health (issue 28 #2, projections/runner/stall.ts): events wait beyond the projection's checkpoint and
 * it has not advanced for the stall window, counted from when that work became pending — not from its last batch.
 * A projection idle longer than the window is not stalled the moment an event arrives for it; it is once the event
 * has waited the window unapplied. Catch-up feed (the first pending event's append time), PGlite, no runner.
 */
import type { Database } from '../../services/db/database';
import { formatPosition, type EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import type { Feed } from '../../services/feed/feed.port';
import { assessFeed, type ProjectionHealth } from '../../projections/runner/feed-health';
import { ensureLiveGeneration } from '../../projections/runner/generations';
import type { Projection } from '../../projections/runner/projection';
import { migrateRunnerTables } from '../../projections/runner/runner-tables';
import { sharedPGlite } from '../support/backends';
import { counterEvent, counterProjection, uniqueName } from './projection.fixtures';

let db: Database;
let store: EventStore;
const catchUpFeed = { kind: 'catch-up' } as Feed; // assessFeed asks the catch-up feed nothing but its kind

beforeAll(async () => {
  db = await sharedPGlite();
  store = await createPostgresEventStore(db);
  await migrateRunnerTables(db);
});

/** A projection at the log's head whose checkpoint last moved `idleMs` ago (nothing came for it since). */
async function idleProjection(idleMs: number): Promise<Projection> {
  const projection = counterProjection({ name: uniqueName('stall') });
  const { generation } = await ensureLiveGeneration(db, projection);
  const head = await store.headPosition();
  await db.query(
    `update projection_checkpoints set position = $3, updated_at = now() - make_interval(secs => $4::double precision / 1000)
      where projection = $1 and generation = $2`, [projection.name, generation, head ? formatPosition(head) : null, idleMs]);
  return projection;
}

async function healthOf(projection: Projection, stallMs: number): Promise<ProjectionHealth> {
  const report = await assessFeed({ db, store, feed: catchUpFeed, projections: [projection], runners: null, forwarder: null }, { stallMs });
  return report.projections[0];
}

describe('a projection idle longer than the stall window', () => {
  it('is not stalled the moment an event arrives for it', async () => {
    const projection = await idleProjection(60_000);
    await store.appendToStream(`${projection.name}-1`, [counterEvent()]);
    expect(await healthOf(projection, 30_000)).toMatchObject({ lag: 1, stalled: false });
  });

  it('is stalled once that event has waited the window without being applied', async () => {
    const projection = await idleProjection(60_000);
    await store.appendToStream(`${projection.name}-1`, [counterEvent()]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const health = await healthOf(projection, 200);
    expect(health).toMatchObject({ lag: 1, stalled: true });
    expect(Date.parse(health.pendingSince ?? '')).toBeGreaterThan(Date.parse(health.updatedAt ?? ''));
  });

  it('is not stalled while nothing it handles waits', async () => {
    const projection = await idleProjection(60_000);
    await store.appendToStream(`${projection.name}-2`, [counterEvent('CounterIgnored')]);
    expect(await healthOf(projection, 0)).toMatchObject({ lag: 0, stalled: false, pendingSince: null });
  });
});
