import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Cart, CartSku } from '../../../../domain/cart/cart.contract';
import { CartDeleteSelected } from '../../../../domain/rules/cart.rule';
import { getToken } from '../../lib/session';
import { clearInvalid } from './api/clear-invalid';
import { deleteLines } from './api/delete-lines';
import { selectLines } from './api/select-lines';
import { updateNumber } from './api/update-number';
import { CartBar } from './cart-bar';
import { CartShop } from './cart-shop';
import {
  allLines, allSelected, checkoutProblem, isInvalid, placeOrderHref, quantityProblem, selectAll, selectShop, selectSku, summaryOf,
} from './cart.model';
import { useCart } from './use-cart';
import '../../lib/catalog-ui/catalog-ui.css';
import './cart.css';

const DELETED = '删除成功';

/** `/shopping-trolley` (also `/shoppingTrolley`), spec §2 Cart: grouped by shop, selection, quantities, deletions, 结算. */
export function ShoppingTrolleyPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const signedIn = Boolean(getToken());
  const { cart, error, busy, run } = useCart(signedIn);

  useEffect(() => {
    if (signedIn) return;
    void message.warning('请先登录');
    navigate('/login', { replace: true });
  }, [signedIn, message, navigate]);

  if (!signedIn) return null;
  if (error && !cart) return <div className="page-width cart-page"><Result status="warning" title={error.message} /></div>;
  if (!cart) return <div className="page-width cart-page"><Skeleton active paragraph={{ rows: 6 }} /></div>;
  if (cart.length === 0) return <EmptyCart />;
  return <CartView cart={cart} busy={busy} run={run} />;
}

function EmptyCart() {
  const navigate = useNavigate();
  return (
    <div className="page-width cart-page">
      <Result
        icon={<ShoppingCartOutlined className="cart-page__empty-icon" />}
        title="购物车还没有商品，赶紧选购吧！"
        extra={<Button type="primary" onClick={() => navigate('/')}>去首页逛逛</Button>}
      />
    </div>
  );
}

function CartView({ cart, busy, run }: { cart: Cart; busy: boolean; run: ReturnType<typeof useCart>['run'] }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const lines = allLines(cart);
  const confirm = (content: string, onOk: () => Promise<void>) =>
    modal.confirm({ title: '提示', content, okText: '确定', cancelText: '取消', onOk });

  const changeQuantity = (sku: CartSku, next: number) => {
    const problem = quantityProblem(sku, next);
    if (problem) {
      void message.warning(problem);
      return false;
    }
    void run(() => updateNumber(sku.skuId, next));
    return true;
  };
  const deleteSelected = () => {
    const ids = lines.filter((sku) => sku.selected === 1).map((sku) => sku.skuId);
    const checked = CartDeleteSelected.safeParse({ ids });
    if (!checked.success) return void message.warning(checked.error.issues[0]?.message ?? '请选中需要删除的商品');
    confirm('确定删除选中的商品吗？', () => run(() => deleteLines(ids), DELETED));
  };
  const checkout = () => {
    const problem = checkoutProblem(cart);
    if (problem) return void message.warning(problem);
    navigate(placeOrderHref(cart));
  };

  return (
    <div className="page-width cart-page">
      <h1 className="cart-page__title">
        购物车 <span className="cart-page__count">全部商品 {lines.length}</span>
      </h1>
      <div className="cart-head" aria-hidden>
        <span className="cart-col cart-col--check" />
        <span className="cart-col cart-col--product">商品信息</span>
        <span className="cart-col cart-col--spec">规格</span>
        <span className="cart-col cart-col--price">单价</span>
        <span className="cart-col cart-col--number">数量</span>
        <span className="cart-col cart-col--total">小计</span>
        <span className="cart-col cart-col--ops">操作</span>
      </div>
      {cart.map((shop) => (
        <CartShop
          key={shop.shopId}
          shop={shop}
          busy={busy}
          onSelectShop={(selected) => void run(() => selectLines(selectShop(shop, selected)))}
          onSelect={(sku, selected) => void run(() => selectLines(selectSku(sku, selected)))}
          onQuantity={changeQuantity}
          onDelete={(sku) => confirm('确定删除该商品吗？', () => run(() => deleteLines([sku.skuId]), DELETED))}
        />
      ))}
      <CartBar
        summary={summaryOf(cart)}
        everything={allSelected(lines)}
        busy={busy}
        hasInvalid={lines.some(isInvalid)}
        onSelectAll={(selected) => void run(() => selectLines(selectAll(cart, selected)))}
        onDeleteSelected={deleteSelected}
        onClearInvalid={() => confirm('确定清除失效商品吗？', () => run(clearInvalid, DELETED))}
        onCheckout={checkout}
      />
    </div>
  );
}
