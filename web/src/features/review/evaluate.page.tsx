import App from 'antd/es/app';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { addComment, buyAgain } from './api/review-calls';
import { emptyDraft, ReviewItemForm, type ReviewDraft } from './review-item-form';
import { evaluateOrderOf } from './review-params';
import './review.css';

export const EMPTY_COMMENT = '评价内容不能为空';

/**
 * `/evaluate?product=<order JSON>` (spec §2 Review pages): every item still awaiting its review gets stars (default 5),
 * impression tags, a comment and up to 5 pictures. Every comment must be filled (评价内容不能为空, nothing sent).
 * Success opens a dialog offering 再次购买 (only when collageId is 0) and 返回首页.
 */
export function EvaluatePage() {
  const [params] = useSearchParams();
  const order = useMemo(() => evaluateOrderOf(params.get('product')), [params]);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<ReviewDraft[]>(() => (order?.skus ?? []).map(emptyDraft));
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  if (!order) {
    return <Result status="warning" title="没有需要评价的商品" extra={<Link to="/userCenter/myOrder">返回我的订单</Link>} />;
  }

  const submit = async () => {
    if (drafts.some((d) => d.comment.trim() === '')) {
      void message.warning(EMPTY_COMMENT);
      return;
    }
    setSending(true);
    try {
      await addComment(order.skus.map((sku, i) => ({
        orderId: order.orderId, productId: sku.productId, skuId: sku.skuId, comment: drafts[i]!.comment.trim(),
        star: drafts[i]!.star, image: drafts[i]!.images.join(','), impression: drafts[i]!.impressions.join(','),
      })));
      setDone(true);
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '评价失败');
    } finally {
      setSending(false);
    }
  };

  const again = async () => {
    try {
      await buyAgain(order.orderId);
      navigate('/shopping-trolley');
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '操作失败');
    }
  };

  return (
    <div className="review-page">
      <div className="review-page__head">
        <h2>商品评价</h2>
        <Link to="/userCenter/myOrder">返回我的订单</Link>
      </div>
      {order.skus.map((sku, i) => (
        <ReviewItemForm
          key={sku.skuId}
          sku={sku}
          draft={drafts[i] ?? emptyDraft()}
          onChange={(next) => setDrafts((all) => all.map((d, j) => (j === i ? next : d)))}
        />
      ))}
      <div className="review-page__actions">
        <Button type="primary" size="large" loading={sending} onClick={() => void submit()}>
          提交评价
        </Button>
      </div>
      <Modal
        open={done}
        title="评价成功"
        closable={false}
        maskClosable={false}
        footer={[
          order.collageId === 0 && <Button key="again" onClick={() => void again()}>再次购买</Button>,
          <Button key="home" type="primary" onClick={() => navigate('/')}>返回首页</Button>,
        ]}
      >
        <p>感谢您的评价！</p>
      </Modal>
    </div>
  );
}
