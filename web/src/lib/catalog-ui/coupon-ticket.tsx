import Button from 'antd/es/button';
import { Link } from 'react-router-dom';
import { formatMoney } from '../format';
import { couponProductsHref } from './links';
import './catalog-ui.css';

/** The coupon fields a ticket shows (spec §3 Coupon; the detail contract's ProductCoupon has them all). */
export interface CouponTicketView {
  couponId: number;
  shopCouponId: number;
  couponType: 1 | 2;
  content: string;
  reduceMoney: number;
  discount: number;
  startTime: string;
  endTime: string;
  /** 3 claimable, 0 claimed (spec §4). */
  state: 3 | 0;
  activityName?: string;
  /** Left to claim: none left shows 已抢光 instead of 领取. */
  stockNumber?: number;
}

/** yyyy-MM-dd HH:mm:ss → yyyy.MM.dd */
const day = (time: string) => time.slice(0, 10).replaceAll('-', '.');

interface CouponTicketProps {
  coupon: CouponTicketView;
  claiming: boolean;
  onClaim: () => void;
  compact?: boolean;
}

/** A coupon as a ticket: value on the left, terms and 领取 / 已领取 on the right; a claimed one links to its products. */
export function CouponTicket({ coupon, claiming, onClaim, compact = false }: CouponTicketProps) {
  const claimed = coupon.state === 0;
  const soldOut = !claimed && coupon.stockNumber === 0;
  const kind = coupon.couponId > 0 ? '平台券' : '店铺券';
  return (
    <div className={`coupon-ticket${compact ? ' coupon-ticket--compact' : ''}`} data-claimed={claimed} data-sold-out={soldOut} data-testid="coupon-ticket">
      <div className="coupon-ticket__value">
        {coupon.couponType === 2 ? (
          <strong>
            {coupon.discount}
            <small>折</small>
          </strong>
        ) : (
          <strong>
            <small>¥</small>
            {formatMoney(coupon.reduceMoney).replace(/\.00$/, '')}
          </strong>
        )}
        <span className="coupon-ticket__kind">{kind}</span>
      </div>
      <div className="coupon-ticket__terms">
        <p className="coupon-ticket__content">{coupon.content}</p>
        {coupon.activityName && !compact && <p className="coupon-ticket__name">{coupon.activityName}</p>}
        {coupon.startTime && coupon.endTime && (
          <p className="coupon-ticket__time">
            {day(coupon.startTime)} - {day(coupon.endTime)}
          </p>
        )}
        {claimed && (
          <Link to={couponProductsHref(coupon)} className="coupon-ticket__use">
            去使用 ›
          </Link>
        )}
      </div>
      <Button
        className="coupon-ticket__action"
        type={claimed || soldOut ? 'default' : 'primary'}
        size="small"
        shape="round"
        disabled={claimed || soldOut}
        loading={claiming}
        onClick={onClaim}
      >
        {claimed ? '已领取' : soldOut ? '已抢光' : '领取'}
      </Button>
    </div>
  );
}
