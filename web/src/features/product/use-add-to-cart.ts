import App from 'antd/es/app';
import { useNavigate } from 'react-router-dom';
import type { SkuOption } from '../../../../domain/catalog/detail.contract';
import type { CartCount } from '../../../../domain/cart/cart.contract';
import { InStock, OUT_OF_STOCK } from '../../../../domain/rules/cart.rule';
import { api } from '../../lib/api-client';
import { setClientState } from '../../lib/client-state';
import { getToken } from '../../lib/session';

/** POST /cart/addCart {skuId, number} (spec §7). */
const addCart = (skuId: number, number: number): Promise<CartCount> => api.post<CartCount>('/cart/addCart', { skuId, number });

/**
 * 加入购物车 (spec §5): a SKU chosen, stock > 0 (商品库存不足), a token (请先登录, then /login); then 添加成功 and the
 * top bar's count from the answer (the websocket push brings the same number to other tabs).
 */
export function useAddToCart() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  return async (sku: SkuOption | undefined, quantity: number) => {
    if (!sku) return void message.warning('请选择商品规格');
    if (!InStock.safeParse(sku.stockNumber).success) return void message.warning(OUT_OF_STOCK);
    if (!getToken()) {
      void message.warning('请先登录');
      navigate('/login');
      return;
    }
    try {
      const { cartNumber } = await addCart(sku.skuId, quantity);
      setClientState({ cartNumber });
      void message.success('添加成功');
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    }
  };
}
