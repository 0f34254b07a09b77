import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { couponProductsHref } from '../../lib/catalog-ui/links';
import { formatMoney } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { getWallet, type WalletCoupon, type WalletState } from './api/coupons';
import { EmptyWithHome, Pane } from './pane';

const TABS: Array<{ key: WalletState; label: string }> = [{ key: 0, label: '未使用' }, { key: 1, label: '已使用' }, { key: 2, label: '已失效' }];

/** 我的券包 (spec §2 coupon wallet): unused / used / invalid, platform and shop coupons; 去使用 opens the coupon's products. */
export function CouponPackagePage() {
  const [state, setState] = useState<WalletState>(0);
  const { data, loading, error } = useRequest((signal) => getWallet(state, signal), [state]);
  return (
    <Pane title="我的券包">
      <Tabs activeKey={String(state)} onChange={(key) => setState(Number(key) as WalletState)}
        items={TABS.map((t) => ({ key: String(t.key), label: t.label }))} />
      {loading && !data && <Skeleton active />}
      {error && <p role="alert">{error.message}</p>}
      {data && data.length === 0 && <EmptyWithHome text="暂无优惠券" />}
      <ul className="uc-coupons">
        {data?.map((coupon) => <CouponCard key={coupon.id} coupon={coupon} />)}
      </ul>
    </Pane>
  );
}

function CouponCard({ coupon }: { coupon: WalletCoupon }) {
  const navigate = useNavigate();
  const platform = coupon.couponId > 0;
  const use = () => navigate(couponProductsHref(coupon));
  return (
    <li className={`uc-coupon uc-coupon--${['unused', 'used', 'invalid'][coupon.state]}`} data-testid="wallet-coupon">
      <div className="uc-coupon__value">
        {coupon.couponType === 2
          ? <strong>{coupon.discount}<small>折</small></strong>
          : <strong><small>¥</small>{formatMoney(coupon.reduceMoney)}</strong>}
        <span>{coupon.threshold > 0 ? `满${formatMoney(coupon.threshold)}可用` : '无门槛'}</span>
      </div>
      <div className="uc-coupon__info">
        <span className="uc-coupon__kind">{platform ? '平台券' : '店铺券'}</span>
        <strong className="uc-coupon__content">{coupon.content}</strong>
        <span>{platform ? '全平台通用' : coupon.shopName}</span>
        <span className="uc-coupon__time">{coupon.startTime.slice(0, 10)} 至 {coupon.endTime.slice(0, 10)}</span>
      </div>
      <div className="uc-coupon__action">
        {coupon.state === 0 && <Button type="primary" size="small" onClick={use}>去使用</Button>}
        {coupon.state === 1 && <span>已使用</span>}
        {coupon.state === 2 && <span>已失效</span>}
      </div>
    </li>
  );
}
