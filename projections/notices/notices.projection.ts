/** Read model for the notice screens (top-bar carousel, notice list, notice detail). */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { NOTICE_PUBLISHED, NoticePublished } from '../../domain/notice/notice.events';
import type { Projection } from '../runner/projection';

export const noticesProjection: Projection = {
  name: 'notices',
  version: 1,
  handles: [NOTICE_PUBLISHED],
  tables: ['notices'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table if not exists ${schema}.notices (
        notice_id bigint primary key,
        notice_type smallint not null,
        notice_title text not null,
        notice_content text not null,
        jump smallint not null,
        only_id bigint not null,
        user_id bigint,
        created_at timestamptz not null
      )`);
    await tx.query(`create index if not exists notices_type_created on ${schema}.notices (notice_type, created_at desc, notice_id desc)`);
    await tx.query(`create index if not exists notices_user_created on ${schema}.notices (user_id, created_at desc)`);
  },
  apply: (tx, event, schema) => insertNotices(tx, [event], schema),
  applyBatch: insertNotices,
};

/** One statement per batch: every notice of the batch unnested into the table; a notice seen before is kept. */
async function insertNotices(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  const notices = events.filter((event) => event.type === NOTICE_PUBLISHED)
    .map((event) => ({ n: NoticePublished.parse(event.data), at: event.metadata.occurredAt }));
  if (notices.length === 0) return;
  await tx.query(
    `insert into ${schema}.notices (notice_id, notice_type, notice_title, notice_content, jump, only_id, user_id, created_at)
     select * from unnest($1::bigint[], $2::smallint[], $3::text[], $4::text[], $5::smallint[], $6::bigint[], $7::bigint[],
                          $8::timestamptz[])
     on conflict (notice_id) do nothing`,
    [notices.map(({ n }) => n.noticeId), notices.map(({ n }) => n.noticeType), notices.map(({ n }) => n.noticeTitle),
      notices.map(({ n }) => n.noticeContent), notices.map(({ n }) => n.jump), notices.map(({ n }) => n.only),
      notices.map(({ n }) => n.userId ?? null), notices.map(({ at }) => at)],
  );
}
