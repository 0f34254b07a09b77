import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useRequest } from '../../lib/use-request';
import { getAnnouncementPage } from './api/get-notice-page';
import { noticeHref, noticeTypeLabel } from './notice.model';
import { NoticeTag } from './notice-tag';
import './notice.css';

// Only for a site without a single notice: its picture stays out of the home page's first download.
const Empty = lazy(() => import('antd/es/empty'));

/** The newest announcements (平台公告): the first page of /notice/getAll?noticeType=2 (spec §7, pageSize 10). */
export function NoticeBoard() {
  const { message } = App.useApp();
  const { data, error, loading, reload } = useRequest((signal) => getAnnouncementPage(1, signal), []);

  useEffect(() => {
    if (error) void message.warning(error.message);
  }, [error, message]);

  return (
    <section className="notice-board" aria-labelledby="notice-board-title">
      <header className="notice-board__header">
        <h2 id="notice-board-title">
          <NotificationOutlined aria-hidden /> 平台公告
        </h2>
      </header>
      {loading && !data && <Skeleton active paragraph={{ rows: 5 }} />}
      {error && (
        <div className="notice-board__error" role="alert">
          <p>{error.message}</p>
          <Button onClick={reload}>重新加载</Button>
        </div>
      )}
      {data && !error && data.list.length === 0 && (
        <Suspense fallback={null}>
          <Empty description="暂无公告" />
        </Suspense>
      )}
      {data && !error && data.list.length > 0 && (
        <ol className="notice-board__list">
          {data.list.map((notice) => (
            <li key={notice.noticeId} className="notice-board__item">
              <NoticeTag tone={notice.noticeType === 2 ? 'red' : 'grey'}>{noticeTypeLabel(notice.noticeType)}</NoticeTag>
              <Link to={noticeHref(notice)} className="notice-board__title" title={notice.noticeTitle}>
                {notice.noticeTitle}
              </Link>
              <time className="notice-board__time">{notice.createTime}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
