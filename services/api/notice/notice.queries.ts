/** Reads of the notices read model (projections/notices). */
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
}

interface NoticeRow {
  notice_id: string; notice_type: number; notice_title: string; notice_content: string;
  jump: number; only_id: string; created_at: Date | string;
}

const toView = (r: NoticeRow): NoticeView => ({
  noticeId: Number(r.notice_id),
  noticeType: r.notice_type,
  noticeTitle: r.notice_title,
  noticeContent: r.notice_content,
  jump: r.jump,
  only: Number(r.only_id),
  createTime: formatShanghai(r.created_at),
});

const COLUMNS = 'notice_id, notice_type, notice_title, notice_content, jump, only_id, created_at';
/** Broadcast notices (user_id null) are for everyone; a 站内信 only for its addressee. */
const VISIBLE = '(user_id is null or user_id = $1)';

export async function listNotices(db: Queryable, userId: number | null, page: number, pageSize: number): Promise<Page<NoticeView>> {
  const offset = (page - 1) * pageSize;
  const [rows, count] = await Promise.all([
    db.query<NoticeRow>(`select ${COLUMNS} from notices where ${VISIBLE}
      order by created_at desc, notice_id desc limit $2 offset $3`, [userId, pageSize, offset]),
    db.query<{ total: number }>(`select count(*)::int as total from notices where ${VISIBLE}`, [userId]),
  ]);
  return { list: rows.rows.map(toView), total: count.rows[0]?.total ?? 0 };
}

/** Announcements (公告, type 2) for the top-bar carousel, newest first. */
export async function listAnnouncements(db: Queryable): Promise<Array<Pick<NoticeView, 'noticeId' | 'noticeTitle' | 'noticeType' | 'createTime'>>> {
  const { rows } = await db.query<NoticeRow>(`select ${COLUMNS} from notices where notice_type = 2 and user_id is null
    order by created_at desc, notice_id desc limit 50`);
  return rows.map(toView).map(({ noticeId, noticeTitle, noticeType, createTime }) => ({ noticeId, noticeTitle, noticeType, createTime }));
}

export async function findNotice(db: Queryable, userId: number | null, noticeId: number): Promise<NoticeView | null> {
  const { rows } = await db.query<NoticeRow>(`select ${COLUMNS} from notices where notice_id = $2 and ${VISIBLE}`, [userId, noticeId]);
  return rows[0] ? toView(rows[0]) : null;
}
