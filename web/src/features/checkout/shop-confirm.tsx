import ShopOutlined from '@ant-design/icons/ShopOutlined';
import Input from 'antd/es/input';
import type { ShopSettlement } from '../../../../domain/pricing/settlement';
import { fenToYuan } from '../../../../domain/shared/money';
import { formatMoney } from '../../lib/format';
import { CouponSelect } from './coupon-select';
import { skuValues, type SettlementCoupon, type SettlementShop } from './settlement.model';

interface ShopConfirmProps {
  shop: SettlementShop;
  priced: ShopSettlement | undefined;
  couponKey: number | null;
  onCoupon: (coupon: SettlementCoupon | null) => void;
  remark: string;
  onRemark: (remark: string) => void;
}

export const REMARK_MAX = 100;

const activityLabels: Record<number, string> = { 1: '拼团', 2: '秒杀', 3: '限时折扣' };

/** Spec §2 Place order, one shop: its lines, shipping, shop coupon (店铺券), remark and subtotal. */
export function ShopConfirm({ shop, priced, couponKey, onCoupon, remark, onRemark }: ShopConfirmProps) {
  const shipping = shop.distribution;
  return (
    <section className="checkout-shop" data-testid="checkout-shop" data-shop-id={shop.shopId}>
      <h3 className="checkout-shop__name">
        <ShopOutlined aria-hidden /> {shop.shopName}
      </h3>
      <table className="checkout-lines">
        <thead>
          <tr>
            <th className="checkout-lines__product">商品信息</th>
            <th>单价</th>
            <th>数量</th>
            <th>小计</th>
          </tr>
        </thead>
        <tbody>
          {shop.skus.map((sku) => (
            <tr key={sku.skuId}>
              <td className="checkout-lines__product">
                <div className="checkout-line">
                  <img src={sku.image} alt="" />
                  <div>
                    <p className="checkout-line__name">
                      {sku.activityType && activityLabels[sku.activityType] ? (
                        <span className="checkout-line__activity">{activityLabels[sku.activityType]}</span>
                      ) : null}
                      {sku.productName}
                    </p>
                    <p className="checkout-line__values">{skuValues(sku)}</p>
                  </div>
                </div>
              </td>
              <td>¥{formatMoney(sku.price)}</td>
              <td>{sku.number}</td>
              <td className="checkout-lines__total">¥{formatMoney(fenToYuan(Math.round(sku.price * 100) * sku.number))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="checkout-shop__extras">
        <label className="checkout-shop__remark">
          <span>备注</span>
          <Input
            value={remark}
            maxLength={REMARK_MAX}
            placeholder="选填，给商家留言"
            onChange={(e) => onRemark(e.target.value)}
          />
        </label>
        <div className="checkout-shop__side">
          <p className="checkout-shop__shipping">
            <span>配送方式</span>
            <span>{shipping.distributionName || (shipping.distributionPrice > 0 ? '快递' : '全国包邮')}</span>
            <span>¥{formatMoney(shipping.distributionPrice)}</span>
          </p>
          <CouponSelect
            label="店铺券"
            testId="shop-coupon"
            coupons={shop.shopCoupons}
            value={couponKey}
            reduction={fenToYuan(priced?.shopCouponFen ?? 0)}
            onChange={onCoupon}
          />
          <p className="checkout-shop__subtotal">
            店铺合计 <strong>¥{formatMoney(fenToYuan(priced?.payableFen ?? 0))}</strong>
          </p>
        </div>
      </div>
    </section>
  );
}
