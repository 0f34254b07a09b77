/**
 * NoticePublished events for the real notices projection (projections/notices), set-based: notice g + 1 on stream
 * `notice-<g + 1>`, types 1..3 in turn (站内信 addressed to a user), with the bench's full metadata.
 */
import type { Queryable } from '../../services/db/database';
import { NOTICE_PUBLISHED } from '../../domain/notice/notice.events';
import { FILL_CHUNK, METADATA_SQL } from './bench-events';

const FILL_NOTICES_SQL = `
insert into events (stream_id, stream_revision, event_id, type, data, metadata)
select 'notice-' || (g + 1), 0, md5($3 || ':' || g)::uuid, '${NOTICE_PUBLISHED}',
  jsonb_strip_nulls(jsonb_build_object('noticeId', g + 1, 'noticeType', 1 + g % 3, 'noticeTitle', '集市公告 ' || g,
    'noticeContent', repeat('满减活动与发货通知。', 12), 'jump', g % 3, 'only', case when g % 3 = 2 then 10000 + g else 0 end,
    'userId', case when g % 3 = 2 then 1000 + g % 5000 end)),
  ${METADATA_SQL}
from generate_series($1::bigint, $2::bigint) as g`;

/** Notices `from`..`to - 1` into `events`, 10,000 per transaction. */
export async function fillNotices(q: Queryable, seed: string, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += FILL_CHUNK) {
    await q.query(FILL_NOTICES_SQL, [start, Math.min(to, start + FILL_CHUNK) - 1, seed]);
  }
}

/** Every notice of the log is a row of `table`. */
export async function checkNotices(q: Queryable, table: string, expected: number): Promise<{ ok: boolean; line: string }> {
  const { rows } = await q.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  const n = Number(rows[0].n);
  return { ok: n === expected, line: `${table}: ${n} notices (log has ${expected}) ${n === expected ? 'match' : 'DO NOT MATCH'}` };
}
