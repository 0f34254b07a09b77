import DownOutlined from '@ant-design/icons/DownOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Cart } from '../../../../domain/cart/cart.contract';
import { productDetailHref } from '../../lib/catalog-ui/links';
import { setClientState, useClientState } from '../../lib/client-state';
import { formatMoney } from '../../lib/format';
import { deleteCartLine, getCartPreview } from './cart-dropdown.api';
import { useLiveCartCount } from './cart-dropdown.live';
import './cart-dropdown.css';

/** Spec §9: the dropdown shows at most 5 lines. */
const PREVIEW_LINES = 5;
const CART_PATH = '/shopping-trolley';

/**
 * Spec §2 cart dropdown: the badge counts the cart's lines (live from the websocket); opened, it shows up to 5 lines
 * with image, name, SKU, price and 删除, and 查看全部 when there are more. Anonymous visitors see 登录后查看商品.
 */
export function CartDropdown() {
  const user = useClientState('userInfo');
  const count = useClientState('cartNumber');
  const [open, setOpen] = useState(false);
  useLiveCartCount(Boolean(user));
  return (
    <Popover
      placement="bottomRight"
      trigger="hover"
      open={open}
      onOpenChange={setOpen}
      content={user ? <CartPreview active={open} count={count} /> : <LoginFirst />}
      arrow={false}
    >
      <Link to={CART_PATH} className="top-bar__link top-bar__menu" data-testid="cart-dropdown">
        <ShoppingCartOutlined className="top-bar__cart-icon" />
        购物车
        {user && count > 0 && (
          <span className="top-bar__badge" data-testid="cart-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
        <DownOutlined className="top-bar__caret" />
      </Link>
    </Popover>
  );
}

/** A failed read is tried again this long after, for as long as the dropdown stays open. */
const RETRY_MS = 2000;

/** Loads when opened and again whenever the count changes while open; a failed read retries while open. */
function CartPreview({ active, count }: { active: boolean; count: number }) {
  const { message } = App.useApp();
  const [cart, setCart] = useState<Cart>();
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    getCartPreview(controller.signal).then(
      (loaded) => {
        setCart(loaded);
        setFailed(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setFailed(true);
        retry = setTimeout(() => setVersion((v) => v + 1), RETRY_MS);
      },
    );
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [active, count, version]);

  const remove = async (skuId: number) => {
    try {
      const { cartNumber } = await deleteCartLine(skuId);
      setClientState({ cartNumber });
      void message.success('删除成功');
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    }
    setVersion((v) => v + 1);
  };

  if (!cart) return <p className="cart-dropdown cart-dropdown--loading">{failed ? '购物车加载失败，正在重试…' : '加载中…'}</p>;
  const lines = cart.flatMap((shop) => shop.skus);
  if (lines.length === 0) return <EmptyCart />;
  return (
    <div className="cart-preview" data-testid="cart-preview">
      <ul className="cart-preview__list">
        {lines.slice(0, PREVIEW_LINES).map((sku) => (
          <li key={sku.skuId} className="cart-preview__item">
            <Link to={productDetailHref(sku)} className="cart-preview__image">
              <img src={sku.image} alt="" width={52} height={52} />
            </Link>
            <div className="cart-preview__text">
              <Link to={productDetailHref(sku)} className="cart-preview__name">{sku.productName}</Link>
              <span className="cart-preview__sku">{sku.sku || '默认规格'}</span>
            </div>
            <div className="cart-preview__side">
              <span className="cart-preview__price">¥{formatMoney(sku.price)} × {sku.number}</span>
              <button type="button" className="cart-preview__delete" onClick={() => void remove(sku.skuId)}>删除</button>
            </div>
          </li>
        ))}
      </ul>
      <div className="cart-preview__foot">
        <span>共 {lines.length} 种商品</span>
        {lines.length > PREVIEW_LINES && <Link to={CART_PATH} className="cart-preview__all">查看全部</Link>}
        <Link to={CART_PATH} className="cart-preview__go">去购物车</Link>
      </div>
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="cart-dropdown cart-dropdown--empty">
      <ShoppingCartOutlined className="cart-dropdown__icon" />
      <p>购物车还没有商品，赶紧选购吧！</p>
    </div>
  );
}

function LoginFirst() {
  const navigate = useNavigate();
  return (
    <div className="cart-dropdown cart-dropdown--empty">
      <ShoppingCartOutlined className="cart-dropdown__icon" />
      <p>登录后查看商品</p>
      <Button type="primary" size="small" onClick={() => navigate('/login?type=2')}>
        登录
      </Button>
    </div>
  );
}
