import ShopOutlined from '@ant-design/icons/ShopOutlined';
import Checkbox from 'antd/es/checkbox';
import { Link } from 'react-router-dom';
import type { CartSku, ShopCart } from '../../../../domain/cart/cart.contract';
import { storeHref } from '../../lib/catalog-ui/links';
import { allSelected, isInvalid } from './cart.model';
import { CartLine } from './cart-line';

export interface LineActions {
  onSelect: (sku: CartSku, selected: boolean) => void;
  /** False when the quantity is refused before any call. */
  onQuantity: (sku: CartSku, next: number) => boolean;
  onDelete: (sku: CartSku) => void;
}

/** A shop's block: its select-all checkbox and name, then its lines. */
export function CartShop({ shop, busy, onSelectShop, ...actions }: { shop: ShopCart; busy: boolean; onSelectShop: (selected: boolean) => void } & LineActions) {
  const buyable = shop.skus.some((sku) => !isInvalid(sku));
  return (
    <section className="cart-shop" aria-label={shop.shopName} data-testid={`cart-shop-${shop.shopId}`}>
      <header className="cart-shop__head">
        <Checkbox
          checked={allSelected(shop.skus)}
          disabled={busy || !buyable}
          onChange={(event) => onSelectShop(event.target.checked)}
          aria-label={`选择店铺 ${shop.shopName}`}
        />
        <Link to={storeHref(shop.shopId)} className="cart-shop__name">
          <ShopOutlined /> {shop.shopName}
        </Link>
      </header>
      {shop.skus.map((sku) => (
        <CartLine
          key={sku.skuId}
          sku={sku}
          busy={busy}
          onSelect={(selected) => actions.onSelect(sku, selected)}
          onQuantity={(next) => actions.onQuantity(sku, next)}
          onDelete={() => actions.onDelete(sku)}
        />
      ))}
    </section>
  );
}
