import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ListingEmpty } from '../../lib/catalog-ui/listing-states';
import { useLiveChannels } from '../../lib/use-live-channels';
import { retryingBusy } from '../../lib/retry-busy';
import { useRequest } from '../../lib/use-request';
import { getOrders, ORDERS_PAGE_SIZE } from './api/get-orders';
import type { Parcel } from './logistics-panel';
import { LogisticsDialog } from './logistics-panel';
import { OrderCard } from './order-card';
import { useOrderPayment, type RenderPayDialog } from './pay-slot';
import './order.css';

/** Spec §4 tab filter: the first tab sends '', the others their index, except 待成团 which sends 6. */
export const orderTabs = [
  { key: '', label: '全部订单' },
  { key: '1', label: '待付款' },
  { key: '2', label: '待发货' },
  { key: '3', label: '待收货' },
  { key: '4', label: '待评价' },
  { key: '6', label: '待成团' },
] as const;

export const EMPTY_ORDERS = '你还没有订单哦～';

const tabOf = (value: string | null): string => orderTabs.find((t) => t.key === value)?.key ?? '';

/** `/userCenter/myOrder` (spec §2 My orders): tabs, search by product name or order number, 5 orders a page. */
export function MyOrdersPage({ renderPayDialog }: { renderPayDialog: RenderPayDialog }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = tabOf(params.get('state'));
  const [search, setSearch] = useState(params.get('search') ?? '');
  const query = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, loading, reload } = useRequest(
    (signal) => retryingBusy(() => getOrders({ search: query, state, page }, signal), signal), // busy: asked again
    [query, state, page],
  );
  const [parcel, setParcel] = useState<Parcel | null>(null);
  const payment = useOrderPayment(renderPayDialog, (orderId) => navigate(`/orderDetail?orderId=${orderId}`));

  const go = (next: { state?: string; search?: string; page?: number }) => {
    const merged = { state, search: query, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.state) out.set('state', merged.state);
    if (merged.search) out.set('search', merged.search);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };

  // Spec §4: on the 待评价 tab only orders with ifNotComment=1 are kept.
  const orders = (data?.list ?? []).filter((o) => state !== '4' || o.ifNotComment === 1);
  // a row's order paid, shipped, confirmed or closed elsewhere (the merchant, a deadline, another tab): the page follows
  useLiveChannels((data?.list ?? []).map((o) => `order:${o.orderId}`), reload);

  return (
    <div className="my-orders" data-testid="my-orders">
      <div className="my-orders__bar">
        <Tabs
          activeKey={state}
          onChange={(key) => go({ state: key })}
          items={orderTabs.map((t) => ({ key: t.key, label: t.label }))}
        />
        <Input.Search
          className="my-orders__search"
          placeholder="输入商品名称或订单号"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => go({ search: value.trim() })}
          enterButton="搜索"
        />
      </div>
      {error && !data ? (
        <p className="my-orders__error" role="alert">{error.message}</p>
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : orders.length === 0 ? (
        <ListingEmpty text={EMPTY_ORDERS} />
      ) : (
        <ul className="my-orders__list" aria-busy={loading}>
          {orders.map((order) => (
            <li key={order.orderId}>
              <OrderCard
                order={order}
                onPay={payment.pay}
                onChanged={reload}
                onViewLogistics={() =>
                  setParcel({ express: order.express, expressName: order.expressName, deliverFormid: order.deliverFormid })
                }
              />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > ORDERS_PAGE_SIZE && (
        <Pagination
          className="my-orders__pager"
          current={page}
          pageSize={ORDERS_PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={(next) => go({ page: next })}
        />
      )}
      {parcel && <LogisticsDialog parcel={parcel} onClose={() => setParcel(null)} />}
      {payment.dialog}
    </div>
  );
}
