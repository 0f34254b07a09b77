import Checkbox from 'antd/es/checkbox';
import { Link } from 'react-router-dom';
import type { CartSku } from '../../../../domain/cart/cart.contract';
import { productDetailHref } from '../../lib/catalog-ui/links';
import { Price } from '../../lib/catalog-ui/price';
import { invalidReason } from './cart.model';
import { QuantityStepper } from './quantity-stepper';

interface CartLineProps {
  sku: CartSku;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onQuantity: (next: number) => boolean;
  onDelete: () => void;
}

/** One SKU of the cart: an off-shelf or sold-out line is greyed with its reason, and can only be unselected or deleted. */
export function CartLine({ sku, busy, onSelect, onQuantity, onDelete }: CartLineProps) {
  const reason = invalidReason(sku);
  return (
    <div className={`cart-line${reason ? ' cart-line--invalid' : ''}`} data-testid={`cart-line-${sku.skuId}`}>
      <div className="cart-col cart-col--check">
        <Checkbox
          checked={sku.selected === 1}
          disabled={busy || (reason !== null && sku.selected !== 1)}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`选择 ${sku.productName}`}
        />
      </div>
      <div className="cart-col cart-col--product">
        <Link to={productDetailHref(sku)} className="cart-line__image">
          <img src={sku.image} alt={sku.productName} width={80} height={80} />
          {reason && <span className="cart-line__badge">{reason}</span>}
        </Link>
        <Link to={productDetailHref(sku)} className="cart-line__name">{sku.productName}</Link>
      </div>
      <div className="cart-col cart-col--spec">{sku.sku || '默认规格'}</div>
      <div className="cart-col cart-col--price"><Price value={sku.price} /></div>
      <div className="cart-col cart-col--number">
        <QuantityStepper value={sku.number} max={Math.max(1, sku.stockNumber)} disabled={busy || reason !== null} revision={sku} onCommit={onQuantity} />
        {reason === null && sku.number > sku.stockNumber && <span className="cart-line__warn">库存仅剩{sku.stockNumber}件</span>}
      </div>
      <div className="cart-col cart-col--total"><Price value={sku.total} className="cart-line__total" /></div>
      <div className="cart-col cart-col--ops">
        <button type="button" className="cart-link" onClick={onDelete} disabled={busy}>删除</button>
      </div>
    </div>
  );
}
