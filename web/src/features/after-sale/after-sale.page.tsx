import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AfterSaleApply } from './after-sale-apply';
import { parseOrderData } from './after-sale-apply.model';
import { AfterSaleDetailView } from './after-sale-detail';
import { AFTER_SALE_LIST_HREF } from './after-sale.model';
import './after-sale.css';

const positiveInt = (text: string | null): number | undefined => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

function Missing({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={title}
      extra={<Button type="primary" onClick={() => navigate(AFTER_SALE_LIST_HREF)}>返回售后列表</Button>}
    />
  );
}

/**
 * `/afterSale` (spec §2): state=1 with orderData applies for an after-sale; state=2 (3 in one reading) with afterId
 * and orderId shows one.
 */
export function AfterSalePage() {
  const [params] = useSearchParams();
  const mode = params.get('state') === '1' ? 'apply' : 'detail';
  const order = mode === 'apply' ? parseOrderData(params.get('orderData')) : null;
  const afterId = positiveInt(params.get('afterId'));

  return (
    <div className="page-width after-page">
      <nav className="page-crumbs" aria-label="当前位置">
        <Link to="/">首页</Link> <span aria-hidden>/</span> <Link to={AFTER_SALE_LIST_HREF}>退款/售后</Link>{' '}
        <span aria-hidden>/</span> <span aria-current="page">{mode === 'apply' ? '申请售后' : '售后详情'}</span>
      </nav>
      {mode === 'apply' ? (
        order ? <AfterSaleApply order={order} /> : <Missing title="订单不存在" />
      ) : afterId ? (
        <AfterSaleDetailView afterId={afterId} orderId={positiveInt(params.get('orderId'))} />
      ) : (
        <Missing title="售后单不存在" />
      )}
    </div>
  );
}
