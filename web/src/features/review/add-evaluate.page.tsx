import App from 'antd/es/app';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MAX_IMAGES } from '../../../../domain/rules/images.rule';
import { ApiError } from '../../lib/api-client';
import { ImagePicker } from '../../lib/uploads';
import { useRequest } from '../../lib/use-request';
import { addToComment, getSelfComment } from './api/review-calls';
import { commentIdOf } from './review-params';
import './review.css';

export const EMPTY_APPEND = '内容不能为空';
/** Spec §9: after an append review, go to my evaluations after 1 s. */
export const AFTER_APPEND_MS = 1000;

/** `/addEvaluate?data=<evaluation>` (spec §2): the append review's text (required) and up to 5 pictures. */
export function AddEvaluatePage() {
  const [params] = useSearchParams();
  const commentId = commentIdOf(params.get('data'));
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const leave = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (leave.current) clearTimeout(leave.current); }, []);
  const { data: original } = useRequest(
    (signal) => (commentId ? getSelfComment(commentId, signal) : Promise.reject(new ApiError('400201', '评价不存在'))),
    [commentId],
  );

  if (!commentId) return <Result status="warning" title="评价不存在" extra={<Link to="/userCenter/myEvaluate">返回我的评价</Link>} />;

  const submit = async () => {
    if (comment.trim() === '') {
      void message.warning(EMPTY_APPEND);
      return;
    }
    setSending(true);
    try {
      await addToComment({ commentId, comment: comment.trim(), image: images.join(',') });
      void message.success('追评成功');
      leave.current = setTimeout(() => navigate('/userCenter/myEvaluate'), AFTER_APPEND_MS);
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '追评失败');
      setSending(false);
    }
  };

  return (
    <div className="review-page">
      <div className="review-page__head">
        <h2>追加评价</h2>
        <Link to="/userCenter/myEvaluate">返回我的评价</Link>
      </div>
      <section className="review-item">
        {original && (
          <div className="review-item__product">
            <img src={original.productImage} alt={original.productName} width={80} height={80} />
            <div>
              <div className="review-item__name">{original.productName}</div>
              <div className="review-item__values">{original.values}</div>
            </div>
          </div>
        )}
        <div className="review-item__form">
          {original && <p className="review-detail__text">{original.comment}</p>}
          <Input.TextArea rows={4} maxLength={500} placeholder="请输入追评内容" value={comment} onChange={(e) => setComment(e.target.value)} />
          <ImagePicker label="追评图片" value={images} max={MAX_IMAGES} onChange={setImages} />
        </div>
      </section>
      <div className="review-page__actions">
        <Button type="primary" size="large" loading={sending} onClick={() => void submit()}>提交追评</Button>
      </div>
    </div>
  );
}
