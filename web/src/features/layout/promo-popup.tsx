import CloseOutlined from '@ant-design/icons/CloseOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import { useState } from 'react';
import { Link } from 'react-router-dom';

const SEEN_KEY = 'jishi.promoSeen';

function firstTimeThisVisit(): boolean {
  try {
    if (window.sessionStorage.getItem(SEEN_KEY)) return false;
    window.sessionStorage.setItem(SEEN_KEY, '1');
  } catch {
    // storage blocked (private mode): show it, it only costs one close
  }
  return true;
}

/** Decided once per page load: remounts (logout, StrictMode) must not bring it back. */
let pending: boolean | undefined;

/** Spec §2: anonymous visitors get a promotional popup with a close button, once per visit. */
export function PromoPopup() {
  pending ??= firstTimeThisVisit();
  const [open, setOpenState] = useState(pending);
  const setOpen = (next: boolean) => {
    pending = next;
    setOpenState(next);
  };
  if (!open) return null;
  return (
    <div className="promo-popup" role="dialog" aria-label="新人专享">
      <button type="button" className="promo-popup__close" aria-label="关闭" onClick={() => setOpen(false)}>
        <CloseOutlined />
      </button>
      <GiftOutlined className="promo-popup__icon" aria-hidden />
      <div className="promo-popup__body">
        <strong>新人专享</strong>
        <p>注册集市会员，逛遍千家好店，领取平台优惠券</p>
        <Link to="/login?type=1" className="promo-popup__cta" onClick={() => setOpen(false)}>
          立即注册
        </Link>
      </div>
    </div>
  );
}
