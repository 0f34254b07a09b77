import Button from 'antd/es/button';
import Rate from 'antd/es/rate';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';
import { getSelfComment } from './api/review-calls';
import { ReviewImages } from './review-images';
import { commentIdOf, evaluationLink } from './review-params';
import './review.css';

/** `/evaluateDetail?data=<evaluation>` (spec §2): the shopper's review and its append review; 追加评价 until appended. */
export function EvaluateDetailPage() {
  const [params] = useSearchParams();
  const commentId = commentIdOf(params.get('data'));
  const { data, error } = useRequest(
    (signal) => (commentId ? getSelfComment(commentId, signal) : Promise.reject(new ApiError('400201', '评价不存在'))),
    [commentId],
  );
  if (error) return <Result status="warning" title={error.message} extra={<Link to="/userCenter/myEvaluate">返回我的评价</Link>} />;
  if (!data) return <div className="review-page"><Skeleton active /></div>;
  return (
    <div className="review-page">
      <div className="review-page__head">
        <h2>评价详情</h2>
        <Link to="/userCenter/myEvaluate">返回我的评价</Link>
      </div>
      <article className="review-detail" data-testid="review-detail">
        <div className="review-detail__product">
          <img src={data.productImage} alt={data.productName} width={64} height={64} />
          <div>
            <div>{data.productName}</div>
            <div className="review-item__values">{data.values}</div>
          </div>
        </div>
        <div className="review-item__row" style={{ marginTop: 12 }}>
          <Rate disabled value={data.star} />
          <time className="review-item__values">{data.createTime}</time>
        </div>
        {data.impression && (
          <div style={{ marginTop: 8 }}>{data.impression.split(',').map((t) => <Tag key={t} color="red">{t}</Tag>)}</div>
        )}
        <p className="review-detail__text">{data.comment}</p>
        <ReviewImages images={data.images} label="评价图片" />
        {data.ifAdd === 1 ? (
          <div className="review-detail__append" data-testid="review-append">
            <span className="review-detail__append-label">{data.day > 0 ? `${data.day}天后追评` : '当天追评'}</span>
            <p className="review-detail__text">{data.addComment}</p>
            <ReviewImages images={data.addImages} label="追评图片" />
          </div>
        ) : (
          <div className="review-page__actions">
            <Link to={evaluationLink('/addEvaluate', data.commentId)}><Button type="primary">追加评价</Button></Link>
          </div>
        )}
      </article>
    </div>
  );
}
