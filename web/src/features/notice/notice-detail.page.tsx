import App from 'antd/es/app';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { getClientState, setClientState } from '../../lib/client-state';
import { SafeHtml } from '../../lib/safe-html';
import { useRequest } from '../../lib/use-request';
import { getNotice } from './api/get-notice';
import { noticeTypeLabel } from './notice.model';
import { NoticeTag } from './notice-tag';
import './notice.css';

/** `?id=`, or the notice last opened (client state noticeId) when the link carried none. */
function useNoticeId(): number | undefined {
  const [params] = useSearchParams();
  const fromQuery = Number(params.get('id'));
  if (Number.isSafeInteger(fromQuery) && fromQuery > 0) return fromQuery;
  return getClientState().noticeId ?? undefined;
}

/** Spec §2 /notificationDetails: title, time and content of one notice. */
export function NoticeDetailPage() {
  const noticeId = useNoticeId();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { data: notice, error, loading } = useRequest(
    (signal) => (noticeId ? getNotice(noticeId, signal) : Promise.reject(new ApiError('404', '公告不存在'))),
    [noticeId],
  );

  useEffect(() => {
    if (error) void message.error(error.message);
  }, [error, message]);
  useEffect(() => {
    if (notice) setClientState({ noticeId: notice.noticeId });
  }, [notice]);

  return (
    <div className="page-width notice-detail">
      <nav className="notice-detail__crumbs" aria-label="当前位置">
        <Link to="/">首页</Link>
        <span aria-hidden> / </span>
        <span aria-current="page">公告详情</span>
      </nav>
      <article className="notice-detail__card">
        {loading && !notice && <Skeleton active paragraph={{ rows: 6 }} />}
        {error && !loading && (
          <Result
            status="warning"
            title={error.message}
            extra={<Button type="primary" onClick={() => navigate('/')}>返回首页</Button>}
          />
        )}
        {notice && !error && (
          <>
            <h1 className="notice-detail__title">{notice.noticeTitle}</h1>
            <div className="notice-detail__meta">
              <NoticeTag tone="red">{noticeTypeLabel(notice.noticeType)}</NoticeTag>
              <time>发布时间：{notice.createTime}</time>
            </div>
            <SafeHtml className="notice-detail__content" html={notice.noticeContent} />
          </>
        )}
      </article>
    </div>
  );
}
