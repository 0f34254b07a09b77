import DownOutlined from '@ant-design/icons/DownOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { useNavigate } from 'react-router-dom';
import { useClientState } from '../../lib/client-state';

/**
 * Spec §2 cart dropdown. The cart's items come with the cart feature; until then a logged-in shopper
 * sees the empty-cart text and an anonymous visitor the login prompt.
 */
export function CartDropdown() {
  const user = useClientState('userInfo');
  const count = useClientState('cartNumber');
  return (
    <Popover placement="bottomRight" trigger="hover" content={user ? <EmptyCart /> : <LoginFirst />} arrow={false}>
      <span className="top-bar__link top-bar__menu" tabIndex={0}>
        <ShoppingCartOutlined className="top-bar__cart-icon" />
        购物车
        {user && count > 0 && <span className="top-bar__badge">{count > 99 ? '99+' : count}</span>}
        <DownOutlined className="top-bar__caret" />
      </span>
    </Popover>
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
