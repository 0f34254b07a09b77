/**
 * Per-shopper state of the notices they see (from `notice-inbox-<userId>`): notice_inbox(user_id, notice_id, read,
 * removed). No row = unread and listed. Both facts only ever set a flag, so a batch applies as two set-based upserts.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import {
  NOTICE_INBOX_EVENT_TYPES, NOTICES_READ, NOTICES_REMOVED, NoticesRead, NoticesRemoved,
} from '../../domain/notice/notice-inbox.events';
import type { Projection } from '../runner/projection';

export const noticeInboxProjection: Projection = {
  name: 'notice_inbox',
  version: 1,
  handles: NOTICE_INBOX_EVENT_TYPES,
  tables: ['notice_inbox'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table if not exists ${schema}.notice_inbox (
        user_id bigint not null,
        notice_id bigint not null,
        read boolean not null default false,
        removed boolean not null default false,
        primary key (user_id, notice_id)
      )`);
  },
  apply: (tx, event, schema) => applyInbox(tx, [event], schema),
  applyBatch: applyInbox,
};

const pairsOf = (facts: Array<{ userId: number; noticeIds: number[] }>): [number[], number[]] =>
  [facts.flatMap((f) => f.noticeIds.map(() => f.userId)), facts.flatMap((f) => f.noticeIds)];

async function applyInbox(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  const read = pairsOf(events.filter((e) => e.type === NOTICES_READ).map((e) => NoticesRead.parse(e.data)));
  const removed = pairsOf(events.filter((e) => e.type === NOTICES_REMOVED).map((e) => NoticesRemoved.parse(e.data)));
  for (const [[users, notices], column] of [[read, 'read'], [removed, 'removed']] as const) {
    if (users.length === 0) continue;
    await tx.query(
      `insert into ${schema}.notice_inbox (user_id, notice_id, ${column})
       select distinct u, n, true from unnest($1::bigint[], $2::bigint[]) as t(u, n)
       on conflict (user_id, notice_id) do update set ${column} = true`,
      [users, notices]);
  }
}
