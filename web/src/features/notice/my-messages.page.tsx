import App from 'antd/es/app';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { storeUnread } from '../../lib/unread-live';
import { useRequest } from '../../lib/use-request';
import { getMessagePage } from './api/get-notice-page';
import { readAllNotices, readNotices, removeNotices } from './api/inbox';
import { NOTICE_PAGE_SIZE, noticeHref, noticeTypeLabel, type Notice } from './notice.model';
import { NoticeTag } from './notice-tag';
import './notice.css';

const errorText = (failure: unknown) => (failure instanceof ApiError ? failure.message : String(failure));

/**
 * 我的消息 (user centre): system notices, announcements and the shopper's 站内信 (order, group-buy, after-sale), read
 * or unread; mark one or all read, delete, open the notice or the order it is about. Every change answers the new
 * unread count, which the menu and top-bar badges show (the websocket tells other tabs).
 */
export function MyMessagesPage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const { data, loading, error, reload } = useRequest((signal) => getMessagePage(page, signal), [page]);

  const act = async (work: () => Promise<{ notRead: number }>, success?: string) => {
    try {
      storeUnread((await work()).notRead);
      if (success) void message.success(success);
      reload();
    } catch (failure) {
      void message.error(errorText(failure));
    }
  };

  const open = async (notice: Notice) => {
    if (notice.ifRead === 0) await act(() => readNotices([notice.noticeId]));
    navigate(noticeHref(notice));
  };

  const remove = (notice: Notice) => modal.confirm({
    title: '提示', content: '确定删除这条消息吗？', okText: '确定', cancelText: '取消',
    onOk: () => act(() => removeNotices([notice.noticeId]), '删除成功').then(() => {
      if (data && data.list.length === 1 && page > 1) setPage(page - 1);
    }),
  });

  const unreadHere = data?.list.some((n) => n.ifRead === 0) ?? false;

  return (
    <div className="uc-pane">
      <header className="uc-pane__head">
        <h2>我的消息</h2>
        <Button onClick={() => act(readAllNotices, '已全部标为已读')} disabled={!data || data.total === 0}>全部已读</Button>
      </header>
      <div className="uc-pane__body">
        {loading && !data && <Skeleton active />}
        {error && <Empty description={error.message}><Button onClick={reload}>重新加载</Button></Empty>}
        {data && data.total === 0 && <Empty description="暂无消息" />}
        <ol className="messages" aria-label="消息列表" data-unread={unreadHere ? 'yes' : 'no'}>
          {data?.list.map((notice) => (
            <li key={notice.noticeId} className={`messages__item${notice.ifRead === 0 ? ' messages__item--unread' : ''}`} data-testid="message">
              <span className="messages__dot" aria-label={notice.ifRead === 0 ? '未读' : '已读'} />
              <NoticeTag tone={notice.noticeType === 2 ? 'red' : 'grey'}>{noticeTypeLabel(notice.noticeType)}</NoticeTag>
              <button type="button" className="messages__title" onClick={() => void open(notice)}>{notice.noticeTitle}</button>
              <time className="messages__time">{notice.createTime}</time>
              {notice.ifRead === 0 && (
                <Button size="small" type="link" onClick={() => act(() => readNotices([notice.noticeId]))}>标为已读</Button>
              )}
              <Button size="small" type="link" danger onClick={() => remove(notice)}>删除</Button>
            </li>
          ))}
        </ol>
        {data && data.total > NOTICE_PAGE_SIZE && (
          <Pagination className="uc-pager" current={page} pageSize={NOTICE_PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} />
        )}
      </div>
    </div>
  );
}
