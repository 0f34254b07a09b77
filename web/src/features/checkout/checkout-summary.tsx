import Button from 'antd/es/button';
import type { Settlement as Priced } from '../../../../domain/pricing/settlement';
import { fenToYuan } from '../../../../domain/shared/money';
import { formatMoney, maskPhone } from '../../lib/format';
import type { Address } from './settlement.model';

interface CheckoutSummaryProps {
  priced: Priced;
  receive: Address | null;
  disabled: boolean;
  busy: boolean;
  onSubmit: () => void;
}

const money = (fen: number) => formatMoney(fenToYuan(fen));

/** Totals (spec §5: payable = goods + shipping − coupon reductions, floored at 0) and the submit button. */
export function CheckoutSummary({ priced, receive, disabled, busy, onSubmit }: CheckoutSummaryProps) {
  return (
    <section className="checkout-summary" data-testid="checkout-summary">
      <dl className="checkout-summary__figures">
        <div><dt>商品总额</dt><dd data-testid="goods-total">¥{money(priced.goodsFen)}</dd></div>
        <div><dt>运费</dt><dd>¥{money(priced.shippingFen)}</dd></div>
        <div><dt>店铺优惠</dt><dd>-¥{money(priced.shopCouponFen)}</dd></div>
        <div><dt>平台优惠</dt><dd>-¥{money(priced.platformCouponFen)}</dd></div>
      </dl>
      <div className="checkout-summary__bar">
        <div className="checkout-summary__to">
          <p>
            实付款：<strong data-testid="pay-total">¥{money(priced.payableFen)}</strong>
          </p>
          {receive ? (
            <p className="checkout-summary__address">
              寄送至：{receive.receiveAdress.replaceAll('-', ' ')} {receive.address}　收货人：{receive.receiveName}{' '}
              {maskPhone(receive.receivePhone)}
            </p>
          ) : (
            <p className="checkout-summary__address">请选择收货地址</p>
          )}
        </div>
        <Button type="primary" size="large" className="checkout-summary__submit" disabled={disabled} loading={busy} onClick={onSubmit}>
          提交订单
        </Button>
      </div>
    </section>
  );
}
