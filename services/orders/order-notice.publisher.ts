/**
 * The order-notice process manager: the orders read model lists the notices order events call for (paid, shipped,
 * closed; projections/orders/order-notices.ts) until their NoticePublished comes back through the log; each pass
 * appends the unpublished ones as `NoticePublished` (站内信 type 3, jump 2, only = orderId, addressed to the shopper)
 * on `notice-<noticeId>`. The event id is derived from the notice id, so appending one twice (two API processes, a
 * pass repeated before the read model caught up) stores it once. Caused by the order event it reports.
 */
import { currentSchemaVersion } from '../event-store/upcasting/event-versions';
import { NOTICE_PUBLISHED, NoticePublished, noticeStream } from '../../domain/notice/notice.events';
import type { WaitFor } from '../../projections/runner/wait-for';
import type { Database } from '../db/database';
import { deterministicEventId } from '../event-store/event-ids';
import type { EventStore } from '../event-store/event-store.port';
import { createPoller, type Poller } from './poller';

export interface OrderNoticeDeps { db: Database; store: EventStore; waitFor: WaitFor; log(line: string): void }

interface PendingNotice {
  notice_id: string; order_id: string; user_id: string; title: string; content: string;
  occurred_at: Date | string; cause_event_id: string;
}

const BATCH = 100;

export async function publishOrderNotices(deps: OrderNoticeDeps): Promise<number> {
  const { rows } = await deps.db.query<PendingNotice>(
    `select notice_id, order_id, user_id, title, content, occurred_at, cause_event_id
       from order_notices where not published order by occurred_at, notice_id limit $1`, [BATCH]);
  for (const row of rows) {
    const noticeId = Number(row.notice_id);
    const data = NoticePublished.parse({
      noticeId, noticeType: 3, noticeTitle: row.title, noticeContent: row.content, jump: 2,
      only: Number(row.order_id), userId: Number(row.user_id),
    });
    const appended = await deps.store.appendToStream(noticeStream(noticeId), [{
      type: NOTICE_PUBLISHED,
      data,
      metadata: {
        eventId: deterministicEventId(`order-notice/${noticeId}`),
        actor: { kind: 'system' },
        occurredAt: new Date(row.occurred_at).toISOString(),
        schemaVersion: currentSchemaVersion(NOTICE_PUBLISHED),
        causationId: row.cause_event_id,
        correlationId: `order-${row.order_id}`,
      },
    }], { expectedRevision: 'any' });
    // the next pass must not see it again: wait until the read model marked it published
    await deps.waitFor(appended);
  }
  return rows.length;
}

export function createOrderNoticePublisher(deps: OrderNoticeDeps, pollMs = 1000): Poller {
  return createPoller('order-notices', () => publishOrderNotices(deps), pollMs, deps.log);
}
