import DownOutlined from '@ant-design/icons/DownOutlined';
import Popover from 'antd/es/popover';
import { Link } from 'react-router-dom';

/** Spec §2: 我的 dropdown into the user centre. */
const entries = [
  { to: '/userCenter/userInfo', label: '个人信息' },
  { to: '/userCenter/myOrder', label: '我的订单' },
  { to: '/userCenter/signingAddress', label: '收货地址' },
  { to: '/userCenter/couponPackage', label: '券包' },
] as const;

/** A popover of plain links: the same look as a menu without loading antd's Menu on every page. */
export function MineDropdown() {
  const links = (
    <ul className="mine-dropdown">
      {entries.map(({ to, label }) => (
        <li key={to}>
          <Link to={to} className="mine-dropdown__link">
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <Popover placement="bottomRight" trigger="hover" content={links} arrow={false}>
      <span className="top-bar__link top-bar__menu" tabIndex={0}>
        我的
        <DownOutlined className="top-bar__caret" />
      </span>
    </Popover>
  );
}
