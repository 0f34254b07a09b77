import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { storeHref } from '../../lib/catalog-ui/links';
import { formatMoney, maskPhone } from '../../lib/format';
import { useLiveChannels } from '../../lib/use-live-channels';
import { retryingBusy } from '../../lib/retry-busy';
import { useRequest } from '../../lib/use-request';
import { getOrder } from './api/get-order';
import { GroupInfo } from './group-info';
import { LogisticsDialog, LogisticsPanel } from './logistics-panel';
import { OrderActions, type OrderChange } from './order-actions';
import { OrderProducts } from './order-products';
import { OrderProgressBar } from './order-progress';
import { actualPay, goodsTotal, minutesLeft, stateLabelOf, type OrderDetail } from './order.model';
import { useOrderPayment, type RenderPayDialog } from './pay-slot';
import './order.css';

const positiveInt = (text: string | null): number | undefined => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

function Facts({ title, rows }: { title: string; rows: Array<[string, string | undefined]> }) {
  return (
    <section className="order-card order-facts">
      <h2 className="order-card__title">{title}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="order-facts__row">
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Settlement({ order }: { order: OrderDetail }) {
  return (
    <dl className="order-settlement" data-testid="order-settlement">
      <div><dt>商品总价</dt><dd>¥{formatMoney(goodsTotal(order))}</dd></div>
      <div><dt>运费</dt><dd>¥{formatMoney(order.logisticsPrice)}</dd></div>
      <div><dt>优惠</dt><dd>-¥{formatMoney(order.discountPrice)}</dd></div>
      <div className="order-settlement__pay">
        <dt>{order.paymentState === 1 ? '实付款' : '应付款'}</dt>
        <dd>¥{formatMoney(actualPay(order))}</dd>
      </div>
    </dl>
  );
}

/** `/orderDetail?orderId&noticeId` (spec §2 Order detail). */
export function OrderDetailPage({ renderPayDialog }: { renderPayDialog: RenderPayDialog }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = positiveInt(params.get('orderId'));
  const noticeId = positiveInt(params.get('noticeId'));
  const { data: order, error, reload } = useRequest(
    // busy (503: the read models catching up with the order just placed) is asked again before an error shows
    (signal) => (orderId ? retryingBusy(() => getOrder(orderId, noticeId, signal), signal) : Promise.reject(new Error('订单不存在'))),
    [orderId],
  );
  const [tracking, setTracking] = useState(false);
  const payment = useOrderPayment(renderPayDialog, reload);
  // paid, shipped, confirmed, closed; the group's members and its forming or failing: shown without a reload
  const collageId = order && order.orderId === orderId ? order.collageId : 0;
  useLiveChannels([...(orderId ? [`order:${orderId}`] : []), ...(collageId ? [`collage:${collageId}`] : [])], reload);

  if (!orderId || (error && !order)) {
    return (
      <div className="page-width order-page">
        <Result
          status="404"
          title={orderId ? error?.message ?? '订单不存在' : '订单不存在'}
          extra={<Button type="primary" onClick={() => navigate('/userCenter/myOrder')}>返回我的订单</Button>}
        />
      </div>
    );
  }
  if (!order) {
    return (
      <div className="page-width order-page">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  }

  const changed = (change: OrderChange) => (change === 'deleted' ? navigate('/userCenter/myOrder') : reload());
  const firstSku = order.skus[0];
  const parcel = order.logistics ?? { express: order.express, expressName: order.expressName, deliverFormid: order.deliverFormid, steps: undefined };

  return (
    <div className="page-width order-page" data-testid="order-detail" data-order-state={order.state}>
      <nav className="page-crumbs" aria-label="当前位置">
        <Link to="/">首页</Link> <span aria-hidden>/</span> <Link to="/userCenter/myOrder">我的订单</Link>{' '}
        <span aria-hidden>/</span> <span aria-current="page">订单详情</span>
      </nav>
      <section className="order-card order-summary">
        <div className="order-summary__state">
          <p className="order-summary__number">订单号：<span data-testid="order-formid">{order.orderFormid}</span></p>
          <p className="order-summary__status" data-testid="order-status">{stateLabelOf(order)}</p>
          {order.state === 1 && order.time > 0 && (
            <p className="order-summary__hint">请在 {minutesLeft(order.time)} 分钟内完成支付，超时订单将自动取消</p>
          )}
          <OrderActions order={order} onPay={payment.pay} onChanged={changed} onViewLogistics={() => setTracking(true)} />
        </div>
        <OrderProgressBar progress={order.progress} />
      </section>
      {order.collageId !== 0 && order.collageDetail && (
        <GroupInfo
          group={order.collageDetail}
          orderId={order.orderId}
          orderState={order.state}
          product={firstSku ? { productId: firstSku.productId, skuId: firstSku.skuId, shopId: order.shopId } : null}
          onCountdownEnd={reload}
        />
      )}
      {(order.state === 3 || order.state === 4) && (
        <section className="order-card">
          <h2 className="order-card__title">物流信息</h2>
          <LogisticsPanel parcel={parcel} steps={order.logistics?.steps} />
        </section>
      )}
      <div className="order-page__facts">
        <Facts
          title="收货信息"
          rows={[
            ['收货人', order.receiveName],
            ['联系电话', order.receivePhone ? maskPhone(order.receivePhone) : ''],
            ['收货地址', `${order.receiveAdress.replaceAll('-', ' ')} ${order.address}`.trim()],
          ]}
        />
        <Facts
          title="卖家信息"
          rows={[
            ['店铺名称', order.shopName],
            ['联系电话', order.shopPhone || order.chargePersonPhone],
          ]}
        />
        <Facts
          title="订单信息"
          rows={[
            ['订单编号', order.orderFormid],
            ['下单时间', order.createTime],
            ['支付方式', '微信支付'],
            ['付款时间', order.paymentTime],
            ...(order.state === 4 && order.afterSaleUntil ? [['售后截止时间', order.afterSaleUntil] as [string, string]] : []),
            ['交易单号', order.transactionId],
            ['订单备注', order.remark],
          ]}
        />
      </div>
      <section className="order-card">
        <h2 className="order-card__title">
          <Link to={storeHref(order.shopId)}>{order.shopName}</Link>
        </h2>
        <OrderProducts order={order} />
        <Settlement order={order} />
      </section>
      {tracking && <LogisticsDialog parcel={parcel} onClose={() => setTracking(false)} />}
      {payment.dialog}
    </div>
  );
}
