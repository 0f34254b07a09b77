import App from 'antd/es/app';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseId } from '../../lib/catalog-ui/links';
import { ListingEmpty, ListingOffline, ListingPager, ListingSkeleton } from '../../lib/catalog-ui/listing-states';
import { ProductGrid } from '../../lib/catalog-ui/product-card';
import { useRequest } from '../../lib/use-request';
import { getCouponProducts } from './api/get-coupon-products';
import './coupon-products.css';

/** Spec §8 empty-list text of the coupon products page. */
export const EMPTY_COUPON_PRODUCTS = '该优惠券没有可用商品～';

/**
 * `/couponProList?activityId&shopCouponId` (spec §2 Coupon products): the products a coupon applies to — a platform
 * coupon's across every shop, a shop coupon's in its shop — 12 a page. A coupon that does not exist warns with the
 * server's message and shows the empty text.
 */
export function CouponProductsPage() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const activityId = parseId(params.get('activityId'));
  const shopCouponId = parseId(params.get('shopCouponId'));
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useRequest(
    (signal) => getCouponProducts({ activityId, shopCouponId }, page, signal),
    [activityId, shopCouponId, page],
  );
  useEffect(() => setPage(1), [activityId, shopCouponId]);
  useEffect(() => {
    if (error && error.code !== 'NETWORK' && error.code !== 'TIMEOUT') void message.warning(error.message);
  }, [error, message]);
  const offline = error && (error.code === 'NETWORK' || error.code === 'TIMEOUT');

  return (
    <div className="page-width coupon-products" data-testid="coupon-products">
      <header className="coupon-products__head">
        <h1>{shopCouponId ? '店铺券可用商品' : '平台券可用商品'}</h1>
        {data && <span className="coupon-products__total">共 {data.total} 件商品</span>}
      </header>
      <div aria-busy={loading} className="coupon-products__results">
        {offline && <ListingOffline retry={reload} />}
        {!error && !data && <ListingSkeleton />}
        {!offline && (error || data?.total === 0) && <ListingEmpty text={EMPTY_COUPON_PRODUCTS} />}
        {!error && data && data.list.length > 0 && <ProductGrid products={data.list} />}
      </div>
      {!error && data && <ListingPager page={page} total={data.total} onChange={setPage} />}
    </div>
  );
}
