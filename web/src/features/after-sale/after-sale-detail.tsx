import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link, useNavigate } from 'react-router-dom';
import { formatMoney } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { AfterSaleButtons } from './after-sale-buttons';
import { AfterSaleFacts, ProofImages } from './after-sale-facts';
import { AfterSaleHistory } from './after-sale-history';
import { AfterSaleLines } from './after-sale-lines';
import { AFTER_SALE_LIST_HREF, deadlineHint, detailView, goodsStateLabelOf, typeLabelOf, type AfterSaleDetail } from './after-sale.model';
import { getAfterSale } from './api/get-after-sale';
import { ReturnLogisticsEntry } from './return-logistics-form';
import { useAfterSalePush } from './use-after-sale-push';

function Summary({ detail, onChanged }: { detail: AfterSaleDetail; onChanged: () => void }) {
  const view = detailView(detail);
  const hint = deadlineHint(detail);
  return (
    <section className="after-card after-summary">
      <p className="after-summary__number">
        售后单号：<span data-testid="after-formid">{detail.afterFormid}</span>
      </p>
      <p className="after-summary__status" data-testid="after-status">{view.status}</p>
      {detail.reason && <p className="after-summary__reason">商家留言：{detail.reason}</p>}
      {hint && <p className="after-summary__hint">{hint}</p>}
      {view.showsRefund && (
        <p className="after-summary__refund" data-testid="after-refund">
          退款金额 <strong>¥{formatMoney(detail.price)}</strong>
        </p>
      )}
      <AfterSaleButtons afterId={detail.afterId} orderId={detail.orderId} buttons={view.buttons} onChanged={onChanged} />
    </section>
  );
}

/** `/afterSale?state=2&afterId&orderId` (spec §2 After-sale detail mode). */
export function AfterSaleDetailView({ afterId, orderId }: { afterId: number; orderId: number | undefined }) {
  const navigate = useNavigate();
  const { data: detail, error, reload } = useRequest((signal) => getAfterSale(afterId, orderId, signal), [afterId, orderId]);
  useAfterSalePush((push) => {
    if (push.afterId === afterId && push.afterState !== detail?.afterState) reload();
  });

  if (error && !detail) {
    return (
      <Result
        status="404"
        title={error.message}
        extra={<Button type="primary" onClick={() => navigate(AFTER_SALE_LIST_HREF)}>返回售后列表</Button>}
      />
    );
  }
  if (!detail) return <Skeleton active paragraph={{ rows: 12 }} />;

  const view = detailView(detail);
  return (
    <div className="after-detail" data-testid="after-sale-detail" data-after-state={detail.afterState}>
      <Summary detail={detail} onChanged={reload} />
      {view.asksReturnLogistics && <ReturnLogisticsEntry afterId={detail.afterId} orderId={detail.orderId} onEntered={reload} />}
      <AfterSaleHistory history={detail.afterHistory ?? []} />
      <div className="after-detail__facts">
        {view.showsReturnAddress && (
          <AfterSaleFacts
            title="退货信息"
            testId="after-return-address"
            rows={[
              ['退货地址', detail.returnAdress],
              ['收件人', detail.returnPerson],
              ['联系电话', detail.returnPhone],
            ]}
          />
        )}
        <AfterSaleFacts
          title="卖家信息"
          rows={[
            ['店铺名称', detail.shopName],
            ['联系电话', detail.shopPhone],
          ]}
        />
        <AfterSaleFacts
          title="订单信息"
          rows={[
            ['订单编号', <Link key="order" to={`/orderDetail?orderId=${detail.orderId}`}>{detail.orderFormid}</Link>],
            ['付款时间', detail.paymentTime],
            ['交易单号', detail.transactionId],
          ]}
        />
        <AfterSaleFacts
          title="售后信息"
          testId="after-info"
          rows={[
            ['售后方式', typeLabelOf(detail.afterType)],
            ['货物状态', goodsStateLabelOf(detail.goodsState)],
            ['售后理由', detail.returnReason],
            ['问题描述', detail.explain],
            ['申请时间', detail.createTime],
            ['凭证图片', detail.images?.length ? <ProofImages images={detail.images} /> : ''],
          ]}
        />
      </div>
      <section className="after-card">
        <h2 className="after-card__subtitle">售后商品</h2>
        <AfterSaleLines skus={detail.skus} />
      </section>
    </div>
  );
}
