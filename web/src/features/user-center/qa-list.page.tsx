import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { useClientState } from '../../lib/client-state';
import { productDetailHref } from '../../lib/catalog-ui/links';
import { useRequest } from '../../lib/use-request';
import { deleteAnswers, deleteProblems, getMyAnswers, getMyProblems, QA_PAGE_SIZE, type MyAnswer, type MyProblem } from './api/my-qa';
import { EmptyWithHome, Pane } from './pane';
import { useSelection } from './use-selection';

type Tab = 'problems' | 'answers';
type Entry = MyProblem | MyAnswer;

const idOf = (entry: Entry): number => ('answerId' in entry ? entry.answerId : entry.problemId);

/**
 * 我的问答 (spec §2, §5): my questions / my answers, edit mode with select-all and delete after confirmation. An answer
 * is offered for deletion only when its author name is the current user's (spec §5); the server checks the author too.
 */
export function QaListPage() {
  const { message, modal } = App.useApp();
  const user = useClientState('userInfo');
  const [tab, setTab] = useState<Tab>('problems');
  const [page, setPage] = useState(1);
  const { data, loading, error, reload } = useRequest<{ list: Entry[]; total: number }>(
    (signal) => (tab === 'problems' ? getMyProblems(page, signal) : getMyAnswers(page, signal)), [tab, page]);
  const deletable = (entry: Entry) => !('answerId' in entry) || entry.name === user?.name;
  const selection = useSelection((data?.list ?? []).filter(deletable).map(idOf));

  const switchTab = (key: string) => {
    setTab(key === 'answers' ? 'answers' : 'problems');
    setPage(1);
    selection.setEditMode(false);
  };

  const remove = () => {
    if (selection.ids.length === 0) {
      void message.warning(tab === 'problems' ? '请先选择需要删除的提问' : '请先选择需要删除的回答');
      return;
    }
    modal.confirm({
      title: '提示', content: `确定删除选中的${tab === 'problems' ? '提问' : '回答'}吗？`, okText: '确定', cancelText: '取消',
      onOk: async () => {
        try {
          await (tab === 'problems' ? deleteProblems : deleteAnswers)(selection.ids);
          void message.success('删除成功');
          selection.clear();
          if (data && selection.ids.length === data.list.length && page > 1) setPage(page - 1);
          else reload();
        } catch (failure) {
          void message.error(failure instanceof ApiError ? failure.message : String(failure));
        }
      },
    });
  };

  const extra = selection.editing ? (
    <>
      <Checkbox checked={selection.allPicked} onChange={selection.toggleAll}>全选</Checkbox>
      <Button danger onClick={remove}>删除</Button>
      <Button onClick={() => selection.setEditMode(false)}>完成</Button>
    </>
  ) : <Button onClick={() => selection.setEditMode(true)} disabled={!data || data.total === 0}>编辑</Button>;

  return (
    <Pane title="我的问答" extra={extra}>
      <Tabs activeKey={tab} onChange={switchTab} items={[{ key: 'problems', label: '我的提问' }, { key: 'answers', label: '我的回答' }]} />
      {loading && !data && <Skeleton active />}
      {error && <p role="alert">{error.message}</p>}
      {data && data.total === 0 && <EmptyWithHome text={tab === 'problems' ? '您还没有提问' : '您还没有回答'} />}
      <ul className="uc-qa">
        {data?.list.map((entry) => (
          <li key={idOf(entry)} className="uc-qa__item" data-testid="qa-entry">
            {selection.editing && deletable(entry) && (
              <Checkbox checked={selection.picked.has(idOf(entry))} onChange={() => selection.toggle(idOf(entry))} aria-label={`选择${idOf(entry)}`} />
            )}
            <Link to={productDetailHref(entry)} className="uc-qa__product">
              <img src={entry.productImage} alt="" />
              <span title={entry.productName}>{entry.productName}</span>
            </Link>
            <div className="uc-qa__body">
              <p className="uc-qa__q"><b>问</b>{entry.problem}</p>
              {'answerId' in entry
                ? <p className="uc-qa__a"><b>答</b>{entry.answer}</p>
                : entry.answers.map((a) => <p key={a.answerId} className="uc-qa__a"><b>答</b>{a.answer}<em>{a.name}</em></p>)}
              {!('answerId' in entry) && entry.answers.length === 0 && <p className="uc-qa__none">暂无回答</p>}
              <time className="uc-qa__time">{entry.createTime}</time>
            </div>
          </li>
        ))}
      </ul>
      {data && data.total > QA_PAGE_SIZE && (
        <Pagination className="uc-pager" current={page} pageSize={QA_PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} />
      )}
    </Pane>
  );
}
