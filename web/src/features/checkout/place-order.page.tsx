import App from 'antd/es/app';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fenToYuan } from '../../../../domain/shared/money';
import { PaymentMode, ReceiveId } from '../../../../domain/rules/submit-order.rule';
import { ApiError } from '../../lib/api-client';
import { httpStatusMessage } from '../../lib/http-messages';
import { useRequest } from '../../lib/use-request';
import { AddressPicker } from './address-picker';
import { getAddresses } from './api/get-addresses';
import { getSettlement } from './api/get-settlement';
import type { SubmittedPayInfo } from './api/submit-order';
import { CashierHead } from './cashier-head';
import { CheckoutSummary } from './checkout-summary';
import { CouponSelect } from './coupon-select';
import { parseCheckoutQuery, type CheckoutRequest } from './place-order.query';
import type { Address } from './settlement.model';
import { ShopConfirm } from './shop-confirm';
import { submitBody } from './submit-body';
import { useCouponChoice } from './use-coupon-choice';
import { useSubmitOrder } from './use-submit-order';
import './checkout.css';

export interface AddressDialogRequest {
  /** null: a new address */
  address: Address | null;
  /** the saved address's id when the dialog knows it (a new address is then chosen) */
  onSaved: (receiveId?: number) => void;
  onClose: () => void;
}

export interface CheckoutPayRequest {
  payInfo: SubmittedPayInfo;
  type: 1;
  onPaid: (orderId: number) => void;
  onClosed: () => void;
}

export interface PlaceOrderSlots {
  renderAddressDialog: (request: AddressDialogRequest) => ReactNode;
  renderPayDialog: (request: CheckoutPayRequest) => ReactNode;
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : httpStatusMessage(500));

/** `/placeOrder` (spec §2 Place order; header text 收银台). */
export function PlaceOrderPage(slots: PlaceOrderSlots) {
  const [params] = useSearchParams();
  const request = parseCheckoutQuery(params);
  const navigate = useNavigate();
  if (!request) {
    return (
      <div className="page-width checkout">
        <Result status="warning" title="没有要结算的商品" extra={<Button type="primary" onClick={() => navigate('/shopping-trolley')}>返回购物车</Button>} />
      </div>
    );
  }
  return <Checkout key={params.toString()} request={request} {...slots} />;
}

function Checkout({ request, renderAddressDialog, renderPayDialog }: PlaceOrderSlots & { request: CheckoutRequest }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const settlement = useRequest((signal) => getSettlement(request, chosenId, signal), [chosenId]);
  const addresses = useRequest((signal) => getAddresses(signal), []);
  const coupons = useCouponChoice(settlement.data);
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [paymentMode, setPaymentMode] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ address: Address | null } | null>(null);
  const [payInfo, setPayInfo] = useState<SubmittedPayInfo | null>(null);
  const submitter = useSubmitOrder();

  // Spec §8: a settlement failure warns, then returns to the previous page (the cart when the page was opened directly).
  useEffect(() => {
    if (!settlement.error) return;
    void message.warning(settlement.error.message);
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (canGoBack) navigate(-1);
    else navigate('/shopping-trolley', { replace: true });
  }, [settlement.error, message, navigate]);

  const data = settlement.data;
  const receiveId = chosenId ?? data?.receive?.receiveId ?? null;
  const receive = addresses.data?.list.find((a) => a.receiveId === receiveId) ?? data?.receive ?? null;

  const submit = async () => {
    if (!data || !coupons.priced) return;
    const mode = PaymentMode.safeParse(paymentMode);
    if (!mode.success) return void message.warning(mode.error.issues[0].message);
    const address = ReceiveId.safeParse(receiveId);
    if (!address.success) return void message.warning(address.error.issues[0].message);
    const body = submitBody(request, data, coupons.priced, {
      receiveId: address.data,
      platformCouponId: coupons.platformKey,
      shopCoupons: coupons.shopKeys,
      remarks,
    });
    try {
      setPayInfo(await submitter.submit(body));
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  if (!data || !coupons.priced) {
    return (
      <div className="page-width checkout">
        <CashierHead />
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  const priced = coupons.priced;

  return (
    <div className="page-width checkout" data-testid="place-order">
      <CashierHead step={payInfo ? 1 : 0} />
      <section className="checkout-section">
        <h2 className="checkout-section__title">收货地址</h2>
        <AddressPicker
          addresses={addresses.data?.list ?? (data.receive ? [data.receive] : [])}
          selectedId={receiveId}
          onSelect={setChosenId}
          onAdd={() => setEditing({ address: null })}
          onEdit={(address) => setEditing({ address })}
        />
      </section>
      <section className="checkout-section">
        <h2 className="checkout-section__title">确认订单信息</h2>
        {data.shops.map((shop) => (
          <ShopConfirm
            key={shop.shopId}
            shop={shop}
            priced={priced.shops.find((s) => s.shopId === shop.shopId)}
            couponKey={coupons.shopKeys[shop.shopId] ?? null}
            onCoupon={(coupon) => coupons.pickShop(shop.shopId, coupon)}
            remark={remarks[shop.shopId] ?? ''}
            onRemark={(text) => setRemarks((r) => ({ ...r, [shop.shopId]: text }))}
          />
        ))}
      </section>
      <section className="checkout-section">
        <h2 className="checkout-section__title">优惠券</h2>
        <CouponSelect
          label="平台券"
          testId="platform-coupon"
          coupons={data.coupons}
          value={coupons.platformKey}
          reduction={fenToYuan(priced.platformCouponFen)}
          onChange={coupons.pickPlatform}
        />
      </section>
      <section className="checkout-section">
        <h2 className="checkout-section__title">支付方式</h2>
        <button
          type="button"
          role="radio"
          aria-checked={paymentMode === 1}
          className="pay-method"
          data-selected={paymentMode === 1}
          onClick={() => setPaymentMode(1)}
        >
          <span className="pay-method__icon" aria-hidden>微</span> 微信支付
        </button>
      </section>
      <CheckoutSummary priced={priced} receive={receive} disabled={submitter.disabled} busy={submitter.busy} onSubmit={submit} />
      {editing &&
        renderAddressDialog({
          address: editing.address,
          onClose: () => setEditing(null),
          onSaved: (savedId) => {
            setEditing(null);
            addresses.reload();
            if (savedId !== undefined && savedId !== chosenId) setChosenId(savedId);
            else settlement.reload();
          },
        })}
      {payInfo &&
        renderPayDialog({
          payInfo,
          type: 1,
          onPaid: (orderId) => navigate(`/orderDetail?orderId=${orderId}`, { replace: true }),
          onClosed: () => navigate('/userCenter/myOrder?state=1', { replace: true }),
        })}
    </div>
  );
}
