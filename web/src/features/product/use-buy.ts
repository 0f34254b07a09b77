import App from 'antd/es/app';
import { useNavigate } from 'react-router-dom';
import type { SkuOption } from '../../../../domain/catalog/detail.contract';
import { InStock, OUT_OF_STOCK } from '../../../../domain/rules/cart.rule';
import { getToken } from '../../lib/session';
import { groupCheckoutHref } from '../checkout/place-order.query';

export type BuyMode = { kind: 'buy' } | { kind: 'open-group' } | { kind: 'join-group'; collageId: number };

/**
 * Spec §5: buying and group opening need stock (商品库存不足) and a token (请先登录, then /login). Checkout itself is
 * a later screen: a valid request goes to /placeOrder with the spec's query (shops JSON, or works JSON for a group).
 */
export function useBuy(shopId: number, productId: number) {
  const { message } = App.useApp();
  const navigate = useNavigate();

  return (sku: SkuOption | undefined, quantity: number, mode: BuyMode) => {
    if (!sku) {
      void message.warning('请选择商品规格');
      return;
    }
    if (!InStock.safeParse(sku.stockNumber).success) {
      void message.warning(OUT_OF_STOCK);
      return;
    }
    if (!getToken()) {
      void message.warning('请先登录');
      navigate('/login');
      return;
    }
    if (mode.kind === 'buy') {
      const shops = [{ shopId, skus: [{ skuId: sku.skuId, number: quantity }] }];
      navigate(`/placeOrder?type=1&ifWork=0&activityType=${sku.activityType}&shops=${encodeURIComponent(JSON.stringify(shops))}`);
      return;
    }
    navigate(groupCheckoutHref({
      shopId,
      productId,
      skuId: sku.skuId,
      number: quantity,
      shopGroupWorkId: sku.shopGroupWorkId,
      type: mode.kind === 'open-group' ? 1 : 2,
      collageId: mode.kind === 'join-group' ? mode.collageId : 0,
    }));
  };
}
