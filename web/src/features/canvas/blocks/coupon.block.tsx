import { useEffect, useState } from 'react';
import type { ProductCoupon } from '../../../../../domain/catalog/detail.contract';
import { CouponTicket } from '../../../lib/catalog-ui/coupon-ticket';
import { getPlatformCoupons } from '../api/get-platform-coupons';
import { getShopCoupons } from '../api/get-shop-coupons';
import { BlockRetry } from '../block-retry';
import { ids, list, type Content } from '../canvas.model';
import { useBlockRequest, useCanvasScope } from '../canvas-context';
import { useClaimCoupon } from '../use-claim-coupon';

/** The chosen coupon ids: `selectedCoupon`, else the ids of `couponList` entries. */
function couponIds(content: Content): number[] {
  const selected = ids(content.selectedCoupon);
  if (selected.length > 0) return selected;
  return list(content.couponList).flatMap((c) => ids([c.shopCouponId, c.activityId, c.couponId]).slice(0, 1));
}

/** coupon: live coupons with the shopper's state (platform, or the shop's on a shop page); 领取 claims one. */
export function CouponBlock({ blockKey, content }: { blockKey: string; content: Content }) {
  const { shopId } = useCanvasScope();
  const wanted = couponIds(content);
  const { data, error, reload } = useBlockRequest(
    blockKey,
    (signal) => {
      if (wanted.length === 0) return Promise.resolve([]);
      return shopId ? getShopCoupons(shopId, wanted, signal) : getPlatformCoupons(wanted, signal);
    },
    [shopId, wanted.join(',')],
  );
  const [coupons, setCoupons] = useState<ProductCoupon[]>([]);
  useEffect(() => setCoupons(data ?? []), [data]);
  const { claim, isClaiming } = useClaimCoupon((taken) =>
    setCoupons((all) => all.map((c) => (c.couponId === taken.couponId && c.shopCouponId === taken.shopCouponId ? taken : c))),
  );

  if (error) return <BlockRetry onRetry={reload} />;
  if (coupons.length === 0) return null;
  return (
    <div className="page-width">
      <ul className="canvas-coupons">
        {coupons.map((coupon) => (
          <li key={`${coupon.couponId}-${coupon.shopCouponId}`}>
            <CouponTicket coupon={coupon} claiming={isClaiming(coupon)} onClaim={() => void claim(coupon)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
