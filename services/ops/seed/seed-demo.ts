/**
 * `seed demo`: appends the demo data as ordinary events, so read models, audits and rebuilds treat it like any other
 * history. Event ids are derived from what they describe: re-running a seed that was cut off half-way appends only
 * what is missing, and a finished seed is recorded in the `seed-demo` stream.
 */
import { NOTICE_PUBLISHED, NoticePublished, noticeStream } from '../../../domain/notice/notice.events';
import type { EventStore, NewEvent } from '../../event-store/event-store.port';
import { deterministicEventId } from '../../event-store/event-ids';
import { demoNotices } from './demo-notices';

const SEED_STREAM = 'seed-demo';
const DAY_MS = 24 * 60 * 60 * 1000;

export async function isDemoSeeded(store: EventStore): Promise<boolean> {
  return (await store.readStream(SEED_STREAM)).length > 0;
}

export async function seedDemo(store: EventStore, now: Date): Promise<{ seeded: boolean; events: number }> {
  if (await isDemoSeeded(store)) return { seeded: false, events: 0 };
  let events = 0;
  for (const { daysAgo, ...notice } of demoNotices) {
    const occurredAt = new Date(now.getTime() - daysAgo * DAY_MS - notice.noticeId * 60_000).toISOString();
    const event: NewEvent = {
      type: NOTICE_PUBLISHED,
      data: NoticePublished.parse(notice),
      metadata: {
        eventId: deterministicEventId(`seed-demo/notice/${notice.noticeId}`),
        actor: { kind: 'platform' },
        occurredAt,
        schemaVersion: 1,
      },
    };
    await store.appendToStream(noticeStream(notice.noticeId), [event], { expectedRevision: 'any' });
    events += 1;
  }
  await store.appendToStream(SEED_STREAM, [{
    type: 'DemoSeeded',
    data: { notices: demoNotices.length },
    metadata: { eventId: deterministicEventId('seed-demo/done'), actor: { kind: 'system' }, occurredAt: now.toISOString(), schemaVersion: 1 },
  }], { expectedRevision: 'any' });
  return { seeded: true, events: events + 1 };
}
