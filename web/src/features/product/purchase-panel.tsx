import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import { useEffect, useState } from 'react';
import type { ProductDetail, SkuOption } from '../../../../domain/catalog/detail.contract';
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
  const stock = sku?.stockNumber ?? 0;
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  // A new SKU keeps the quantity only while its stock allows it.
  useEffect(() => setQuantity((q) => Math.max(1, Math.min(q, stock))), [stock]);
  const activity = sku ?? detail;
  const groupBuy = activity.activityType === 1 && activity.ifEnable === 0;

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
          onChange={(value) => setQuantity(value ?? 1)}
          aria-label="购买数量"
          className="purchase__quantity"
        />
        <span className="purchase__stock" data-testid="sku-stock">
          {sku ? (stock > 0 ? `库存 ${stock} 件` : '库存不足') : '请选择规格'}
        </span>
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
