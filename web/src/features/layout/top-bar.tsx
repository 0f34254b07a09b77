import { Link } from 'react-router-dom';
import { siteConfig } from '../../lib/site-config';
import { CartDropdown } from './cart-dropdown';
import { Greeting } from './greeting';
import { MineDropdown } from './mine-dropdown';
import { NoticeCarousel } from './notice-carousel';

/** Spec §2 top site bar. */
export function TopBar() {
  return (
    <div className="top-bar">
      <div className="page-width top-bar__inner">
        <div className="top-bar__left">
          <Greeting />
          <NoticeCarousel />
        </div>
        <nav className="top-bar__right" aria-label="站点导航">
          <a className="top-bar__link" href={siteConfig.merchantSettlementUrl} target="_blank" rel="noopener noreferrer">
            申请入驻
          </a>
          <span className="top-bar__divider" aria-hidden />
          <Link className="top-bar__link" to="/userCenter/myOrder">
            我的订单
          </Link>
          <span className="top-bar__divider" aria-hidden />
          <CartDropdown />
          <span className="top-bar__divider" aria-hidden />
          <MineDropdown />
        </nav>
      </div>
    </div>
  );
}
