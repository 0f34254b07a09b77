/** Reads of the notices read model (projections/notices) with the shopper's inbox state (notice_inbox). */
import type { Queryable } from '../../db/database';
import { formatShanghai } from '../../../domain/shared/time';
import type { Page } from '../envelope';

export interface NoticeView {
  noticeId: number;
  noticeType: number;
  noticeTitle: string;
  noticeContent: string;
  jump: number;
  only: number;
  createTime: string;
  /** 1 read, 0 unread (origin-contract §8); an anonymous visitor reads everything as unread. */
  ifRead: number;
}

interface NoticeRow {
  notice_id: string; notice_type: number; notice_title: string; notice_content: string;
  jump: number; only_id: string; created_at: Date | string; read: boolean | null;
}

const toView = (r: NoticeRow): NoticeView => ({
  noticeId: Number(r.notice_id),
  noticeType: r.notice_type,
  noticeTitle: r.notice_title,
  noticeContent: r.notice_content,
  jump: r.jump,
  only: Number(r.only_id),
  createTime: formatShanghai(r.created_at),
  ifRead: r.read ? 1 : 0,
});

const COLUMNS = 'n.notice_id, n.notice_type, n.notice_title, n.notice_content, n.jump, n.only_id, n.created_at, i.read';
/**
 * What the shopper `$1` sees: broadcasts (user_id null) and 站内信 addressed to them, minus what they removed.
 * `$2` picks one notice type, null for all of them.
 */
const FROM_VISIBLE = `from notices n
  left join notice_inbox i on i.user_id = $1 and i.notice_id = n.notice_id
  where (n.user_id is null or n.user_id = $1) and i.removed is not true
    and ($2::smallint is null or n.notice_type = $2)`;

export async function listNotices(
  db: Queryable, userId: number | null, page: number, pageSize: number, noticeType: number | null = null,
): Promise<Page<NoticeView>> {
  const offset = (page - 1) * pageSize;
  const [rows, count] = await Promise.all([
    db.query<NoticeRow>(`select ${COLUMNS} ${FROM_VISIBLE}
      order by n.created_at desc, n.notice_id desc limit $3 offset $4`, [userId, noticeType, pageSize, offset]),
    db.query<{ total: number }>(`select count(*)::int as total ${FROM_VISIBLE}`, [userId, noticeType]),
  ]);
  return { list: rows.rows.map(toView), total: count.rows[0]?.total ?? 0 };
}

/** notRead of the user info: notices the shopper sees and has not read. */
export async function countUnread(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n ${FROM_VISIBLE} and i.read is not true`, [userId, null]);
  return rows[0]?.n ?? 0;
}

/** Of `noticeIds`, those the shopper sees (not removed); the others answer like missing ones. */
export async function visibleNoticeIds(db: Queryable, userId: number, noticeIds: readonly number[]): Promise<Set<number>> {
  const { rows } = await db.query<{ notice_id: string }>(
    `select n.notice_id ${FROM_VISIBLE} and n.notice_id = any($3::bigint[])`, [userId, null, noticeIds]);
  return new Set(rows.map((r) => Number(r.notice_id)));
}

/** Every notice the shopper sees and has not read (全部已读). */
export async function unreadNoticeIds(db: Queryable, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ notice_id: string }>(
    `select n.notice_id ${FROM_VISIBLE} and i.read is not true order by n.notice_id limit 10000`, [userId, null]);
  return rows.map((r) => Number(r.notice_id));
}

/** Announcements (公告, type 2) for the top-bar carousel, newest first. */
export async function listAnnouncements(db: Queryable): Promise<Array<Pick<NoticeView, 'noticeId' | 'noticeTitle' | 'noticeType' | 'createTime'>>> {
  const { rows } = await db.query<NoticeRow>(`select ${COLUMNS} from notices n
    left join notice_inbox i on false
    where n.notice_type = 2 and n.user_id is null
    order by n.created_at desc, n.notice_id desc limit 50`);
  return rows.map(toView).map(({ noticeId, noticeTitle, noticeType, createTime }) => ({ noticeId, noticeTitle, noticeType, createTime }));
}

export async function findNotice(db: Queryable, userId: number | null, noticeId: number): Promise<NoticeView | null> {
  const { rows } = await db.query<NoticeRow>(
    `select ${COLUMNS} ${FROM_VISIBLE} and n.notice_id = $3`, [userId, null, noticeId]);
  return rows[0] ? toView(rows[0]) : null;
}
