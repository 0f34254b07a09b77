/**
 * `seed demo`: appends the demo data as ordinary events, so read models, audits and rebuilds treat it like any other
 * history: the notices, then the catalogue (categories, shops, products, coupons, promotions, page layouts). Event ids
 * are derived from what they describe: re-running a seed that was cut off half-way appends only what is missing, and a
 * finished seed is recorded in the `seed-demo` stream, written last.
 */
import { NOTICE_PUBLISHED, NoticePublished, noticeStream } from '../../../domain/notice/notice.events';
import type { EventStore, NewEvent } from '../../event-store/event-store.port';
import { deterministicEventId } from '../../event-store/event-ids';
import { seedCatalog } from './catalog/seed-catalog';
import { demoNotices } from './demo-notices';

const SEED_STREAM = 'seed-demo';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The marker of a finished seed that includes the catalogue (an older marker recorded the notices only). */
const DONE_EVENT_ID = deterministicEventId('seed-demo/done/catalog');

export async function isDemoSeeded(store: EventStore): Promise<boolean> {
  return (await store.readStream(SEED_STREAM)).some((event) => event.metadata.eventId === DONE_EVENT_ID);
}

export async function seedDemo(store: EventStore, now: Date): Promise<{ seeded: boolean; events: number }> {
  if (await isDemoSeeded(store)) return { seeded: false, events: 0 };
  // the notices in one multi-stream append, then the catalogue in chunks (seed-catalog.ts)
  await store.appendToStreams(demoNotices.map(({ daysAgo, ...notice }) => ({
    streamId: noticeStream(notice.noticeId),
    expectedRevision: 'any' as const,
    events: [{
      type: NOTICE_PUBLISHED,
      data: NoticePublished.parse(notice),
      metadata: {
        eventId: deterministicEventId(`seed-demo/notice/${notice.noticeId}`),
        actor: { kind: 'platform' },
        occurredAt: new Date(now.getTime() - daysAgo * DAY_MS - notice.noticeId * 60_000).toISOString(),
        schemaVersion: 1,
      },
    } satisfies NewEvent],
  })));
  let events = demoNotices.length;
  const catalog = await seedCatalog(store, now);
  events += catalog.events;
  await store.appendToStream(SEED_STREAM, [{
    type: 'DemoSeeded',
    data: { notices: demoNotices.length, catalogStreams: catalog.streams, catalogEvents: catalog.events },
    metadata: { eventId: DONE_EVENT_ID, actor: { kind: 'system' }, occurredAt: now.toISOString(), schemaVersion: 1 },
  }], { expectedRevision: 'any' });
  return { seeded: true, events: events + 1 };
}
