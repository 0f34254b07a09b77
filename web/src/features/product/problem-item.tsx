import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import { useState } from 'react';
import type { Problem } from '../../../../domain/catalog/engagement.contract';
import { MAX_QA_TEXT } from '../../../../domain/qa/qa.rules';
import { AnswerForm } from '../../../../domain/rules/qa.rule';
import { addAnswer } from './api/add-answer';
import { useQaSubmit } from './use-qa-submit';

/** One question with its answers; 我来回答 opens the answer box when the shopper may answer (ifAnswer). */
export function ProblemItem({ problem, onAnswered }: { problem: Problem; onAnswered: () => void }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const { submit, sending } = useQaSubmit(AnswerForm, addAnswer, '回答成功');

  const send = async () => {
    const ok = await submit({ productId: problem.productId, problemId: problem.problemId, answer, ifAnonymous: anonymous ? 1 : 0 });
    if (ok) {
      setAnswer('');
      setOpen(false);
      onAnswered();
    }
  };

  return (
    <li className="problem" data-testid="problem">
      <div className="problem__question">
        <span className="problem__badge problem__badge--q">问</span>
        <p className="problem__text">{problem.problem}</p>
        <span className="problem__meta">
          {problem.name} · <time>{problem.createTime}</time>
        </span>
      </div>
      {problem.answers.length === 0 && <p className="problem__none">暂无回答</p>}
      {problem.answers.map((a) => (
        <div key={a.answerId} className="problem__answer">
          <span className="problem__badge problem__badge--a">答</span>
          <p className="problem__text">{a.answer}</p>
          <span className="problem__meta">
            {a.name} · <time>{a.createTime}</time>
          </span>
        </div>
      ))}
      {problem.ifAnswer && !open && (
        <button type="button" className="problem__reply" onClick={() => setOpen(true)}>
          我来回答
        </button>
      )}
      {problem.ifAnswer && open && (
        <div className="problem__form">
          <Input.TextArea
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            placeholder="分享你的使用体验，帮助其他小伙伴"
            maxLength={MAX_QA_TEXT}
            autoSize={{ minRows: 2, maxRows: 4 }}
            aria-label="回答内容"
          />
          <div className="qa__ask-bar">
            <Checkbox checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)}>
              匿名回答
            </Checkbox>
            <Button onClick={() => setOpen(false)}>取消</Button>
            <Button type="primary" loading={sending} onClick={() => void send()}>
              提交回答
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
