import { api } from '../../../lib/api-client';

/** 0 未使用, 1 已使用, 2 已失效 (origin-contract §8 `/coupon/getCouponList?state`). */
export type WalletState = 0 | 1 | 2;

export interface WalletCoupon {
  id: number; couponId: number; shopCouponId: number; activityId: number; shopId: number; shopName: string;
  activityName: string; couponType: 1 | 2; content: string; threshold: number; reduceMoney: number; discount: number;
  startTime: string; endTime: string; state: WalletState;
}

export const getWallet = (state: WalletState, signal?: AbortSignal): Promise<WalletCoupon[]> =>
  api.get<WalletCoupon[]>('/coupon/getCouponList', { state }, signal);
