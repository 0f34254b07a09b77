import Select from 'antd/es/select';
import { formatMoney } from '../../lib/format';
import { couponKey } from './checkout-pricing';
import type { SettlementCoupon } from './settlement.model';

interface CouponSelectProps {
  label: '平台券' | '店铺券';
  coupons: SettlementCoupon[];
  value: number | null;
  /** what the chosen coupon takes off, in yuan */
  reduction: number;
  onChange: (coupon: SettlementCoupon | null) => void;
  testId: string;
}

const NONE = 0;

/** A coupon choice (spec §9 labels 平台券 / 店铺券); without coupons it says so and shows 0.00. */
export function CouponSelect({ label, coupons, value, reduction, onChange, testId }: CouponSelectProps) {
  return (
    <div className="coupon-select" data-testid={testId}>
      <span className="coupon-select__label">{label}</span>
      {coupons.length === 0 ? (
        <span className="coupon-select__none">暂无可用优惠券</span>
      ) : (
        <Select<number>
          className="coupon-select__control"
          aria-label={label}
          value={value ?? NONE}
          onChange={(key) => onChange(coupons.find((c) => couponKey(c) === key) ?? null)}
          options={[
            { value: NONE, label: '不使用优惠券' },
            ...coupons.map((c) => ({
              value: couponKey(c),
              label: `${c.content}${c.endTime ? `（${c.endTime.slice(0, 10)} 到期）` : ''}`,
            })),
          ]}
        />
      )}
      <span className="coupon-select__amount">-¥{formatMoney(reduction)}</span>
    </div>
  );
}
