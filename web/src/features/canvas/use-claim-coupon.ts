import App from 'antd/es/app';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductCoupon } from '../../../../domain/catalog/detail.contract';
import { ApiError } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { takeCoupon } from './api/take-coupon';

const couponKey = (c: Pick<ProductCoupon, 'couponId' | 'shopCouponId'>) => `${c.couponId}-${c.shopCouponId}`;

/**
 * Spec §4 coupon claim: 3 claimable → 0 claimed after 领取成功. Without a token the shopper is told 请先登录 and
 * sent to /login; a refusal (已领完, 领取已达上限...) shows the server's message.
 */
export function useClaimCoupon(onClaimed: (coupon: ProductCoupon) => void) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [claiming, setClaiming] = useState<string>();

  const claim = async (coupon: ProductCoupon) => {
    if (!getToken()) {
      void message.warning('请先登录');
      navigate('/login');
      return;
    }
    setClaiming(couponKey(coupon));
    try {
      const taken = await takeCoupon(coupon);
      onClaimed({ ...coupon, ...taken, state: 0 });
      void message.success('领取成功');
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '领取失败');
    } finally {
      setClaiming(undefined);
    }
  };

  return { claim, isClaiming: (coupon: ProductCoupon) => claiming === couponKey(coupon) };
}
