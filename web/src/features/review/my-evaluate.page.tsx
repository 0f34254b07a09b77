import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Rate from 'antd/es/rate';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COMMENT_TABS, type SelfComment } from '../../../../domain/review/review.contract';
import { useRequest } from '../../lib/use-request';
import { EVALUATION_PAGE_SIZE, getSelfComments } from './api/review-calls';
import { ReviewImages } from './review-images';
import { evaluationLink } from './review-params';
import './review.css';

/** The /evaluate link of a line awaiting its review: its order with that one line. */
const evaluateLink = (c: SelfComment) => `/evaluate?product=${encodeURIComponent(JSON.stringify({
  orderId: c.orderId, collageId: c.collageId,
  skus: [{ productId: c.productId, skuId: c.skuId, productName: c.productName, image: c.productImage, values: c.values }],
}))}`;

function Entry({ c }: { c: SelfComment }) {
  const pending = c.commentId === 0;
  return (
    <li className="my-evaluate__item" data-testid="my-evaluation">
      <img className="my-evaluate__product" src={c.productImage} alt={c.productName} />
      <div className="my-evaluate__body">
        <div>{c.productName}</div>
        <div className="my-evaluate__meta">
          <span>{c.values}</span>
          <span>¥{c.productPrice.toFixed(2)}</span>
          {c.createTime && <time>{pending ? `收货时间 ${c.createTime}` : c.createTime}</time>}
        </div>
        {!pending && (
          <>
            <Rate disabled value={c.star} style={{ fontSize: 13 }} />
            <p className="review-detail__text">{c.comment}</p>
            <ReviewImages images={c.images} label="评价图片" />
            {c.ifAdd === 1 && (
              <div className="review-detail__append">
                <span className="review-detail__append-label">{c.day > 0 ? `${c.day}天后追评` : '当天追评'}</span>
                <p className="review-detail__text">{c.addComment}</p>
                <ReviewImages images={c.addImages} label="追评图片" />
              </div>
            )}
          </>
        )}
      </div>
      <div className="my-evaluate__actions">
        {pending && <Link to={evaluateLink(c)}><Button type="primary">去评价</Button></Link>}
        {!pending && c.ifAdd === 0 && <Link to={evaluationLink('/addEvaluate', c.commentId)}><Button>追加评价</Button></Link>}
        {!pending && <Link to={evaluationLink('/evaluateDetail', c.commentId)}>查看评价</Link>}
      </div>
    </li>
  );
}

/** `/userCenter/myEvaluate` (spec §2): tabs 待评价 / 待追评 / 已评价, a 有图 filter, search, 10 a page. */
export function MyEvaluatePage() {
  const [type, setType] = useState<number>(1);
  const [withImages, setWithImages] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, reload } = useRequest(
    (signal) => getSelfComments({ type, withImages, search, page }, signal),
    [type, withImages, search, page],
  );
  const pick = (next: { type?: number; withImages?: boolean; search?: string }) => {
    if (next.type !== undefined) setType(next.type);
    if (next.withImages !== undefined) setWithImages(next.withImages);
    if (next.search !== undefined) setSearch(next.search);
    setPage(1);
  };
  return (
    <div className="my-evaluate">
      <Tabs
        activeKey={String(type)}
        onChange={(key) => pick({ type: Number(key), withImages: false })}
        items={COMMENT_TABS.map((t) => ({ key: String(t.type), label: t.label }))}
      />
      <div className="my-evaluate__filters">
        {type !== 1 && (
          <Checkbox checked={withImages} onChange={(e) => pick({ withImages: e.target.checked })}>
            有图{data ? `(${data.imageTotal})` : ''}
          </Checkbox>
        )}
        <Input.Search
          style={{ width: 280 }}
          placeholder="搜索商品名称或评价内容"
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => pick({ search: value.trim() })}
        />
      </div>
      {error && <p>{error.message} <Button type="link" onClick={reload}>重试</Button></p>}
      {!error && !data && <Skeleton active />}
      {data && data.page.total === 0 && <Empty description={type === 1 ? '暂无待评价的商品' : '暂无评价'} />}
      <ul className="my-evaluate__list">
        {data?.page.list.map((c) => <Entry key={c.commentId || `${c.orderId}-${c.skuId}`} c={c} />)}
      </ul>
      {data && data.page.total > EVALUATION_PAGE_SIZE && (
        <Pagination current={page} pageSize={EVALUATION_PAGE_SIZE} total={data.page.total} showSizeChanger={false} onChange={setPage} />
      )}
    </div>
  );
}
