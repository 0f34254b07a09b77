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
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    if (event.type !== NOTICE_PUBLISHED) return;
    const n = NoticePublished.parse(event.data);
    await tx.query(
      `insert into ${schema}.notices (notice_id, notice_type, notice_title, notice_content, jump, only_id, user_id, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (notice_id) do nothing`,
      [n.noticeId, n.noticeType, n.noticeTitle, n.noticeContent, n.jump, n.only, n.userId ?? null, event.metadata.occurredAt],
    );
  },
};
