import InboxOutlined from '@ant-design/icons/InboxOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import Button from 'antd/es/button';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AfterSaleTab } from '../../../../domain/after-sale/after-sale.states';
import { formatMoney } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { AfterSaleLines } from './after-sale-lines';
import { afterSaleDetailHref, statusLabelOf, typeLabelOf, type AfterSaleListItem } from './after-sale.model';
import { AFTER_SALES_PAGE_SIZE, getAfterSales } from './api/get-after-sales';
import { useAfterSalePush } from './use-after-sale-push';
import './after-sale.css';

/** Spec §4: the 进行中 tab sends state 1, 已完成 sends 2. */
export const afterSaleTabs = [
  { key: String(AfterSaleTab.inProgress), label: '进行中' },
  { key: String(AfterSaleTab.completed), label: '已完成' },
] as const;

export const EMPTY_AFTER_SALES = '你还没有售后记录哦～';

function AfterSaleItem({ item }: { item: AfterSaleListItem }) {
  const href = afterSaleDetailHref(item);
  return (
    <article className="after-item" data-testid="after-item" data-after-id={item.afterId} data-after-state={item.afterState}>
      <header className="after-item__head">
        <time>{item.createTime}</time>
        <span>
          售后单号：<Link to={href}>{item.afterFormid}</Link>
        </span>
        <span className="after-item__shop">
          <ShopOutlined aria-hidden /> {item.shopName}
        </span>
      </header>
      <div className="after-item__body">
        <AfterSaleLines skus={item.skus} />
        <div className="after-item__money">
          <span>退款金额</span>
          <strong>¥{formatMoney(item.price)}</strong>
        </div>
        <div className="after-item__type">{typeLabelOf(item.afterType)}</div>
        <div className="after-item__state">
          <span className="after-item__status">{statusLabelOf(item.afterState)}</span>
          <Link to={href}>查看详情</Link>
        </div>
      </div>
    </article>
  );
}

/** `/userCenter/orderAfterSale` (spec §2 After-sale list): 进行中 / 已完成, 5 a page, links to each detail. */
export function AfterSaleListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = params.get('state') === '2' ? AfterSaleTab.completed : AfterSaleTab.inProgress;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, loading, reload } = useRequest((signal) => getAfterSales({ state, page }, signal), [state, page]);
  // an after-sale that changed state may move between the tabs
  useAfterSalePush(reload);

  const go = (next: { state?: number; page?: number }) => {
    const merged = { state, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.state !== AfterSaleTab.inProgress) out.set('state', String(merged.state));
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };

  return (
    <div className="after-list" data-testid="after-sale-list">
      <div className="after-list__bar">
        <Tabs activeKey={String(state)} onChange={(key) => go({ state: Number(key) })} items={[...afterSaleTabs]} />
      </div>
      {error && !data ? (
        <p className="after-list__error" role="alert">{error.message}</p>
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data.list.length === 0 ? (
        <div className="after-list__empty" data-testid="after-list-empty">
          <InboxOutlined className="after-list__empty-icon" aria-hidden />
          <p>{EMPTY_AFTER_SALES}</p>
          <Button type="primary" onClick={() => navigate('/')}>去首页</Button>
        </div>
      ) : (
        <ul className="after-list__items" aria-busy={loading}>
          {data.list.map((item) => (
            <li key={item.afterId}>
              <AfterSaleItem item={item} />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > AFTER_SALES_PAGE_SIZE && (
        <Pagination
          className="after-list__pager"
          current={page}
          pageSize={AFTER_SALES_PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={(next) => go({ page: next })}
        />
      )}
    </div>
  );
}
