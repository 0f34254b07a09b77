import { useEffect, useState } from 'react';
import type { ProductCoupon } from '../../../../domain/catalog/detail.contract';
import { CouponTicket } from '../../lib/catalog-ui/coupon-ticket';
import { useClaimCoupon } from './use-claim-coupon';

const sameCoupon = (a: ProductCoupon, b: ProductCoupon) => a.couponId === b.couponId && a.shopCouponId === b.shopCouponId;

/** Spec §2 coupons on the detail page: 平台券 (markTools) and 店铺券 (shopMarkTools); 领取 → 领取成功, then 已领取. */
export function CouponPanel({ platform, shop }: { platform: ProductCoupon[]; shop: ProductCoupon[] }) {
  const [coupons, setCoupons] = useState({ platform, shop });
  useEffect(() => setCoupons({ platform, shop }), [platform, shop]);
  const { claim, isClaiming } = useClaimCoupon((taken) =>
    setCoupons((all) => ({
      platform: all.platform.map((c) => (sameCoupon(c, taken) ? taken : c)),
      shop: all.shop.map((c) => (sameCoupon(c, taken) ? taken : c)),
    })),
  );
  if (coupons.platform.length === 0 && coupons.shop.length === 0) return null;

  const group = (title: string, list: ProductCoupon[], testId: string) =>
    list.length > 0 && (
      <div className="coupon-panel__group" data-testid={testId}>
        <span className="coupon-panel__title">{title}</span>
        <ul className="coupon-panel__list">
          {list.map((coupon) => (
            <li key={`${coupon.couponId}-${coupon.shopCouponId}`}>
              <CouponTicket coupon={coupon} compact claiming={isClaiming(coupon)} onClaim={() => void claim(coupon)} />
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <div className="purchase__row purchase__row--top">
      <span className="purchase__label">领券</span>
      <div className="coupon-panel">
        {group('平台券', coupons.platform, 'platform-coupons')}
        {group('店铺券', coupons.shop, 'shop-coupons')}
      </div>
    </div>
  );
}
