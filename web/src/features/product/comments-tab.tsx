import Avatar from 'antd/es/avatar';
import Empty from 'antd/es/empty';
import Image from 'antd/es/image';
import Pagination from 'antd/es/pagination';
import Rate from 'antd/es/rate';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import type { ProductDetail } from '../../../../domain/catalog/detail.contract';
import { NETWORK_MESSAGE } from '../../lib/http-messages';
import { useRequest } from '../../lib/use-request';
import { COMMENT_PAGE_SIZE, getComments } from './api/get-comments';

/** A review's pictures as thumbnails; a click enlarges them, browsing the review's group. */
function CommentImages({ images, label }: { images: string[]; label: string }) {
  return (
    <div className="comment__images">
      <Image.PreviewGroup>
        {images.map((src) => <Image key={src} src={src} alt={label} width={72} height={72} />)}
      </Image.PreviewGroup>
    </div>
  );
}

/** Spec §2 商品评价: keyword chips from the product's `words`, 5 reviews per page. */
export function CommentsTab({ productId, words }: { productId: number; words: ProductDetail['words'] }) {
  const [word, setWord] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, reload } = useRequest((signal) => getComments({ productId, word, page }, signal), [productId, word, page]);
  const pick = (next: string) => {
    setWord(next);
    setPage(1);
  };
  return (
    <div className="comments">
      <div className="comments__words" role="toolbar" aria-label="评价关键词">
        <button type="button" className="comments__word" data-active={word === ''} onClick={() => pick('')}>
          全部
        </button>
        {words
          .filter((w) => w.count > 0)
          .map((w) => (
            <button key={w.keyWord} type="button" className="comments__word" data-active={word === w.keyWord} onClick={() => pick(w.keyWord)}>
              {w.keyWord}({w.count})
            </button>
          ))}
      </div>
      {error && (
        <p className="product-tab__note">
          {error.code === 'NETWORK' ? NETWORK_MESSAGE : error.message}{' '}
          <button type="button" className="product-tab__retry" onClick={reload}>
            重试
          </button>
        </p>
      )}
      {!error && !data && <Skeleton active avatar paragraph={{ rows: 3 }} />}
      {!error && data?.total === 0 && <Empty description="暂无评价" />}
      <ol className="comments__list">
        {data?.list.map((c) => (
          <li key={c.commentId} className="comment" data-testid="comment">
            <div className="comment__author">
              <Avatar src={c.headImage || undefined} size={40}>
                {c.name.slice(0, 1)}
              </Avatar>
              <span>{c.name}</span>
            </div>
            <div className="comment__body">
              <div className="comment__meta">
                <Rate disabled value={c.star} className="comment__stars" />
                <span>{c.values}</span>
                <time>{c.createTime}</time>
              </div>
              <p className="comment__text">{c.comment}</p>
              {c.images.length > 0 && (
                <CommentImages images={c.images} label="评价图片" />
              )}
              {c.addComment && (
                <div className="comment__append">
                  <span className="comment__append-label">{c.day > 0 ? `${c.day}天后追评` : '当天追评'}</span>
                  <p>{c.addComment}</p>
                  {c.addImages.length > 0 && (
                    <CommentImages images={c.addImages} label="追评图片" />
                  )}
                </div>
              )}
            </div>
          </li>
        ))}
      </ol>
      {data && data.total > COMMENT_PAGE_SIZE && (
        <Pagination className="product-tab__pager" current={page} pageSize={COMMENT_PAGE_SIZE} total={data.total} showSizeChanger={false} onChange={setPage} />
      )}
    </div>
  );
}
