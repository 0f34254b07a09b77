import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import { formatYuan } from '../../../../domain/shared/money';
import type { CartSummary } from './cart.model';

interface CartBarProps {
  summary: CartSummary;
  everything: boolean;
  busy: boolean;
  hasInvalid: boolean;
  onSelectAll: (selected: boolean) => void;
  onDeleteSelected: () => void;
  onClearInvalid: () => void;
  onCheckout: () => void;
}

/** The bar under the cart: select all, delete selected, clear invalid goods, how many and how much, 结算. */
export function CartBar({ summary, everything, busy, hasInvalid, onSelectAll, onDeleteSelected, onClearInvalid, onCheckout }: CartBarProps) {
  return (
    <div className="cart-bar">
      <Checkbox checked={everything} disabled={busy} onChange={(event) => onSelectAll(event.target.checked)}>全选</Checkbox>
      <button type="button" className="cart-link" onClick={onDeleteSelected} disabled={busy}>删除选中的商品</button>
      <button type="button" className="cart-link" onClick={onClearInvalid} disabled={busy || !hasInvalid}>清除失效商品</button>
      <span className="cart-bar__spacer" />
      <span className="cart-bar__count">
        已选择 <strong data-testid="cart-selected-count">{summary.units}</strong> 件商品
      </span>
      <span className="cart-bar__total">
        合计：<strong data-testid="cart-total">¥{formatYuan(summary.totalFen)}</strong>
      </span>
      <Button type="primary" size="large" className="cart-bar__checkout" disabled={busy} onClick={onCheckout}>
        结算
      </Button>
    </div>
  );
}
