import RightOutlined from '@ant-design/icons/RightOutlined';
import Popover from 'antd/es/popover';
import { useEffect, useState } from 'react';
import type { ProductCoupon } from '../../../../domain/catalog/detail.contract';
import { CouponTicket } from '../../lib/catalog-ui/coupon-ticket';
import { useClaimCoupon } from './use-claim-coupon';

const sameCoupon = (a: ProductCoupon, b: ProductCoupon) => a.couponId === b.couponId && a.shopCouponId === b.shopCouponId;
const CHIPS = 4;

/**
 * Spec §2 coupons on the detail page: 平台券 (markTools) and 店铺券 (shopMarkTools). The row shows what is on offer;
 * 领券 opens the tickets, where 领取 claims one (领取成功, then 已领取).
 */
export function CouponPanel({ platform, shop }: { platform: ProductCoupon[]; shop: ProductCoupon[] }) {
  const [coupons, setCoupons] = useState({ platform, shop });
  useEffect(() => setCoupons({ platform, shop }), [platform, shop]);
  const { claim, isClaiming } = useClaimCoupon((taken) =>
    setCoupons((all) => ({
      platform: all.platform.map((c) => (sameCoupon(c, taken) ? taken : c)),
      shop: all.shop.map((c) => (sameCoupon(c, taken) ? taken : c)),
    })),
  );
  const all = [...coupons.platform, ...coupons.shop];
  if (all.length === 0) return null;

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
    <div className="purchase__row">
      <span className="purchase__label">领券</span>
      <Popover
        trigger="click"
        placement="bottomLeft"
        arrow={false}
        content={
          <div className="coupon-panel">
            {group('平台券', coupons.platform, 'platform-coupons')}
            {group('店铺券', coupons.shop, 'shop-coupons')}
          </div>
        }
      >
        <button type="button" className="coupon-chips" data-testid="coupon-chips">
          {all.slice(0, CHIPS).map((c) => (
            <span key={`${c.couponId}-${c.shopCouponId}`} className="coupon-chips__chip" data-claimed={c.state === 0}>
              {c.content}
            </span>
          ))}
          <span className="coupon-chips__more">
            领券 <RightOutlined aria-hidden />
          </span>
        </button>
      </Popover>
    </div>
  );
}
