import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './home.css';

const shortcuts = [
  { to: '/userCenter/myOrder', label: '我的订单', icon: <FileTextOutlined /> },
  { to: '/shopping-trolley', label: '购物车', icon: <ShoppingCartOutlined /> },
  { to: '/userCenter/couponPackage', label: '券包', icon: <WalletOutlined /> },
  { to: '/userCenter/signingAddress', label: '收货地址', icon: <EnvironmentOutlined /> },
  { to: '/userCenter/favorites', label: '我的收藏', icon: <HeartOutlined /> },
  { to: '/userCenter/browseRecords', label: '浏览记录', icon: <HistoryOutlined /> },
];

interface HomePageProps {
  notices: ReactNode;
  /** The platform page layout (terminal 4, type 1), under the brand band. */
  layout?: ReactNode;
  /** The site search: the shared header is left out on home (spec §2), so the brand band carries it. */
  search?: ReactNode;
}

/** Home (spec §2 `/`, `/index`): brand band with search, the page layout, then notices and shortcuts. */
export function HomePage({ notices, layout, search }: HomePageProps) {
  return (
    <div className="home">
      <section className="home__hero">
        <div className={`page-width home__hero-inner${search ? ' home__hero-inner--search' : ''}`}>
          <div>
            <h1 className="home__brand">集市</h1>
            <p className="home__slogan">多商家网上商城 · 好店好物 一站购齐</p>
          </div>
          {search && <div className="home__search">{search}</div>}
        </div>
      </section>
      {layout}
      <div className="page-width home__body">
        <div className="home__main">{notices}</div>
        <aside className="home__side" aria-label="快捷入口">
          <h2 className="home__side-title">快捷入口</h2>
          <ul className="home__shortcuts">
            {shortcuts.map((s) => (
              <li key={s.to}>
                <Link to={s.to} className="home__shortcut">
                  <span className="home__shortcut-icon">{s.icon}</span>
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
