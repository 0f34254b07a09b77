/**
 * `seed demo`: appends the demo data as ordinary events, so read models, audits and rebuilds treat it like any other
 * history: the notices, then the catalogue (categories, shops, products, coupons, promotions, page layouts). Event ids
 * are derived from what they describe: re-running a seed that was cut off half-way appends only what is missing, and a
 * finished seed is recorded in the `seed-demo` stream, written last.
 */
import { NOTICE_PUBLISHED, NoticePublished, noticeStream } from '../../../domain/notice/notice.events';
import type { WaitFor, WrittenEvent } from '../../../projections/runner/wait-for';
import type { EventStore, NewEvent } from '../../event-store/event-store.port';
import { deterministicEventId } from '../../event-store/event-ids';
import { currentSchemaVersion } from '../../event-store/upcasting/event-versions';
import { seedCatalog } from './catalog/seed-catalog';
import { demoNotices } from './demo-notices';

const SEED_STREAM = 'seed-demo';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The marker of a finished seed that includes the catalogue (an older marker recorded the notices only). */
const DONE_EVENT_ID = deterministicEventId('seed-demo/done/catalog');

export async function isDemoSeeded(store: EventStore): Promise<boolean> {
  return (await store.readStream(SEED_STREAM)).some((event) => event.metadata.eventId === DONE_EVENT_ID);
}

/**
 * `events`: how many events the seed consists of (a re-run after an interruption counts those stored before too);
 * `written`: every one of them as the store recorded it, for read-your-writes (seedDemoIntoReadModels).
 */
export interface DemoSeed { seeded: boolean; events: number; written: WrittenEvent[] }

export async function seedDemo(store: EventStore, now: Date): Promise<DemoSeed> {
  if (await isDemoSeeded(store)) return { seeded: false, events: 0, written: [] };
  // the notices in one multi-stream append, then the catalogue in chunks (seed-catalog.ts)
  const notices = await store.appendToStreams(demoNotices.map(({ daysAgo, ...notice }) => ({
    streamId: noticeStream(notice.noticeId),
    expectedRevision: 'any' as const,
    events: [{
      type: NOTICE_PUBLISHED,
      data: NoticePublished.parse(notice),
      metadata: {
        eventId: deterministicEventId(`seed-demo/notice/${notice.noticeId}`),
        actor: { kind: 'platform' },
        occurredAt: new Date(now.getTime() - daysAgo * DAY_MS - notice.noticeId * 60_000).toISOString(),
        schemaVersion: currentSchemaVersion(NOTICE_PUBLISHED),
      },
    } satisfies NewEvent],
  })));
  let events = demoNotices.length;
  const catalog = await seedCatalog(store, now);
  events += catalog.events;
  const done = await store.appendToStream(SEED_STREAM, [{
    type: 'DemoSeeded',
    data: { notices: demoNotices.length, catalogStreams: catalog.streams, catalogEvents: catalog.events },
    metadata: { eventId: DONE_EVENT_ID, actor: { kind: 'system' }, occurredAt: now.toISOString(), schemaVersion: currentSchemaVersion('DemoSeeded') },
  }], { expectedRevision: 'any' });
  const written = [...notices.flatMap((n) => n.events), ...catalog.written, ...done.events];
  return { seeded: true, events: events + 1, written };
}

/**
 * seedDemo, then a wait (bounded by `timeoutMs`) until every projection has applied what it appended, so that the
 * first requests see the demo catalogue: on a fresh PostgreSQL, a demo product was not in the catalogue right after
 * seedDemo returned and appeared about 0.6 s later. The wait is over the events as the appends recorded them: reading
 * them back from the global log instead (what the test server did) sees only events below the cluster's commit
 * horizon, so while any transaction older than the seed's is open (another database's, on a shared server) it reads
 * back a part of the seed, or none, and the wait answers for that part. `projected` is false when the bound passed
 * first (a loaded machine, or the horizon held back that long); true when nothing was appended.
 */
export async function seedDemoIntoReadModels(
  store: EventStore, now: Date, waitFor: WaitFor, timeoutMs: number,
): Promise<{ seeded: boolean; events: number; projected: boolean }> {
  const { seeded, events, written } = await seedDemo(store, now);
  if (!seeded) return { seeded, events, projected: true };
  return { seeded, events, projected: await waitFor(written, { timeoutMs }) };
}
