import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { MAX_QA_TEXT } from '../../../../domain/qa/qa.rules';
import { QuestionForm } from '../../../../domain/rules/qa.rule';
import { NETWORK_MESSAGE } from '../../lib/http-messages';
import { useRequest } from '../../lib/use-request';
import { addProblem } from './api/add-problem';
import { getProblems, PROBLEM_PAGE_SIZE } from './api/get-problems';
import { ProblemItem } from './problem-item';
import { useQaSubmit } from './use-qa-submit';

/** Spec §2 商品问答: questions 10 per page, ask (提问成功), answer where ifAnswer (回答成功). */
export function QaTab({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const { data, error, reload } = useRequest((signal) => getProblems({ productId, page }, signal), [productId, page]);
  const [problem, setProblem] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const { submit, sending } = useQaSubmit(QuestionForm, addProblem, '提问成功');

  const ask = async () => {
    if (await submit({ productId, problem, ifAnonymous: anonymous ? 1 : 0 })) {
      setProblem('');
      if (page === 1) reload();
      else setPage(1);
    }
  };

  return (
    <div className="qa">
      <div className="qa__ask">
        <Input.TextArea
          value={problem}
          onChange={(e) => setProblem(e.target.value)}
          placeholder="对商品有疑问？向已购买的小伙伴提问吧"
          maxLength={MAX_QA_TEXT}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          aria-label="问题内容"
        />
        <div className="qa__ask-bar">
          <Checkbox checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)}>
            匿名提问
          </Checkbox>
          <Button type="primary" loading={sending} onClick={() => void ask()}>
            提问
          </Button>
        </div>
      </div>
      {error && (
        <p className="product-tab__note">
          {error.code === 'NETWORK' ? NETWORK_MESSAGE : error.message}{' '}
          <button type="button" className="product-tab__retry" onClick={reload}>
            重试
          </button>
        </p>
      )}
      {!error && !data && <Skeleton active paragraph={{ rows: 3 }} />}
      {!error && data?.total === 0 && <Empty description="暂无问答，快来提第一个问题吧" />}
      <ol className="qa__list">
        {data?.list.map((p) => (
          <ProblemItem key={p.problemId} problem={p} onAnswered={reload} />
        ))}
      </ol>
      {data && data.total > PROBLEM_PAGE_SIZE && (
        <Pagination className="product-tab__pager" current={page} pageSize={PROBLEM_PAGE_SIZE} total={data.total} showSizeChanger={false} onChange={setPage} />
      )}
    </div>
  );
}
