import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import { useEffect, useState } from 'react';
import type { ProductDetail, SkuOption } from '../../../../domain/catalog/detail.contract';
import { OVER_ACTIVITY_LIMIT } from '../../../../domain/rules/cart.rule';
import { stepperLimit } from './activity.model';
import { CouponPanel } from './coupon-panel';
import { PriceBox } from './price-box';
import { SkuSelector } from './sku-selector';
import type { Selection } from './sku.model';
import type { BuyMode } from './use-buy';
import { useAddToCart } from './use-add-to-cart';

interface PurchasePanelProps {
  detail: ProductDetail;
  selection: Selection;
  onSelect: (next: Selection) => void;
  sku: SkuOption | undefined;
  onBuy: (quantity: number, mode: BuyMode) => void;
  onActivityChange: () => void;
}

/** Name, price and activity, coupons, SKU choice, quantity 1..stock, and the buy buttons (spec §2 product detail). */
export function PurchasePanel({ detail, selection, onSelect, sku, onBuy, onActivityChange }: PurchasePanelProps) {
  const { message } = App.useApp();
  const stock = sku?.stockNumber ?? 0;
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const activity = sku ?? detail;
  const limit = stepperLimit(activity);
  // A new SKU keeps the quantity only while its stock (and its activity's per-person limit) allows it.
  useEffect(() => setQuantity((q) => Math.max(1, Math.min(q, stock, limit || stock))), [stock, limit]);
  const groupBuy = activity.activityType === 1 && activity.ifEnable === 0;
  // Above the per-person limit the stepper refuses with origin's 80005 text and stays at the limit (spec §5 rules).
  const changeQuantity = (value: number | null) => {
    const next = value ?? 1;
    if (limit > 0 && next > limit) {
      void message.warning(OVER_ACTIVITY_LIMIT);
      setQuantity(limit);
      return;
    }
    setQuantity(next);
  };

  return (
    <div className="purchase">
      <h1 className="purchase__name">{detail.productName}</h1>
      {detail.productBrief && <p className="purchase__brief">{detail.productBrief}</p>}
      <PriceBox
        activity={activity}
        price={sku?.price ?? detail.price}
        originalPrice={sku?.originalPrice ?? detail.originalPrice}
        sold={detail.number}
        buyers={detail.users}
        onActivityChange={onActivityChange}
      />
      <CouponPanel platform={detail.markTools} shop={detail.shopMarkTools} />
      <SkuSelector names={detail.names} map={detail.map} selection={selection} onChange={onSelect} />
      <div className="purchase__row">
        <span className="purchase__label">数量</span>
        <InputNumber<number>
          min={1}
          max={Math.max(1, stock)}
          precision={0}
          value={quantity}
          disabled={stock === 0}
          onChange={changeQuantity}
          aria-label="购买数量"
          className="purchase__quantity"
        />
        <span className="purchase__stock" data-testid="sku-stock">
          {sku ? (stock > 0 ? `库存 ${stock} 件` : '库存不足') : '请选择规格'}
        </span>
        {limit > 0 && <span className="purchase__limit" data-testid="user-limit">每人限购 {limit} 件</span>}
      </div>
      <div className="purchase__actions">
        {groupBuy ? (
          <>
            <Button size="large" className="purchase__buy-alone" onClick={() => onBuy(quantity, { kind: 'buy' })}>
              单独购买
            </Button>
            <Button size="large" type="primary" className="purchase__buy" onClick={() => onBuy(quantity, { kind: 'open-group' })}>
              发起拼团
            </Button>
          </>
        ) : (
          <Button size="large" type="primary" className="purchase__buy" onClick={() => onBuy(quantity, { kind: 'buy' })}>
            立即购买
          </Button>
        )}
        <Button size="large" className="purchase__cart" icon={<ShoppingCartOutlined />} data-testid="add-cart" onClick={() => void addToCart(sku, quantity)}>
          加入购物车
        </Button>
      </div>
    </div>
  );
}
