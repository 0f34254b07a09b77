/**
 * Read model for the notice screens (top-bar carousel, notice list, notice detail), with the shopper's after-sale
 * letters (after-sale-notices.ts; `after_sale_owners` remembers whose after-sale each is, across batches).
 */
import type pg from 'pg';
import { streamCategory, type RecordedEvent } from '../../services/event-store/event-store.port';
import { afterSaleEventTypes } from '../../domain/after-sale/after-sale.events';
import { NOTICE_PUBLISHED, NoticePublished } from '../../domain/notice/notice.events';
import type { Projection } from '../runner/projection';
import { afterSaleNotices, type NoticeRowInput } from './after-sale-notices';

export const noticesProjection: Projection = {
  name: 'notices',
  version: 2,
  handles: [NOTICE_PUBLISHED, ...afterSaleEventTypes],
  tables: ['notices', 'after_sale_owners'],
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
    await tx.query(`create table if not exists ${schema}.after_sale_owners (
      after_id bigint primary key, user_id bigint not null, after_formid text not null)`);
  },
  apply: (tx, event, schema) => insertNotices(tx, [event], schema),
  applyBatch: insertNotices,
};

/** The batch's after-sale letters; owners of after-sales submitted in earlier batches are read in one query. */
async function afterSaleLetters(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<NoticeRowInput[]> {
  const mine = events.filter((event) => streamCategory(event.streamId) === 'after-sale');
  if (mine.length === 0) return [];
  const ids = [...new Set(mine.map((e) => Number(e.streamId.slice(e.streamId.lastIndexOf('-') + 1))))];
  const { rows } = await tx.query<{ after_id: string; user_id: string; after_formid: string }>(
    `select after_id, user_id, after_formid from ${schema}.after_sale_owners where after_id = any($1::bigint[])`, [ids]);
  const known = new Map(rows.map((r) => [Number(r.after_id), { userId: Number(r.user_id), afterFormid: r.after_formid }]));
  const submitted = mine.filter((e) => e.type === 'AfterSaleSubmitted')
    .map((e) => e.data as { afterId: number; buyerUserId: number; afterFormid: string });
  if (submitted.length > 0) {
    await tx.query(
      `insert into ${schema}.after_sale_owners (after_id, user_id, after_formid)
       select * from unnest($1::bigint[], $2::bigint[], $3::text[]) on conflict (after_id) do nothing`,
      [submitted.map((d) => d.afterId), submitted.map((d) => d.buyerUserId), submitted.map((d) => d.afterFormid)]);
  }
  return afterSaleNotices(mine, known);
}

/** One statement per batch: every notice of the batch unnested into the table; a notice seen before is kept. */
async function insertNotices(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  const published = events.filter((event) => event.type === NOTICE_PUBLISHED)
    .map((event) => {
      const n = NoticePublished.parse(event.data);
      return { n: { ...n, userId: n.userId ?? null }, at: event.metadata.occurredAt };
    });
  const letters = (await afterSaleLetters(tx, events, schema)).map(({ at, ...n }) => ({ n, at }));
  const notices = [...published, ...letters];
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
