import DownOutlined from '@ant-design/icons/DownOutlined';
import Badge from 'antd/es/badge';
import Popover from 'antd/es/popover';
import { Link } from 'react-router-dom';
import { useClientState } from '../../lib/client-state';
import { useLiveUnread } from '../../lib/unread-live';

/** Spec §2: 我的 dropdown into the user centre. */
const entries = [
  { to: '/userCenter/userInfo', label: '个人信息' },
  { to: '/userCenter/myOrder', label: '我的订单' },
  { to: '/userCenter/signingAddress', label: '收货地址' },
  { to: '/userCenter/couponPackage', label: '券包' },
] as const;

/**
 * A popover of plain links: the same look as a menu without loading antd's Menu on every page. 我的 carries the
 * shopper's unread message count, kept live over the websocket.
 */
export function MineDropdown() {
  const user = useClientState('userInfo');
  useLiveUnread(Boolean(user));
  const unread = user?.notRead ?? 0;
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
        {unread > 0 && <Badge count={unread} size="small" className="top-bar__unread" data-testid="top-unread" title={`${unread}条未读消息`} />}
        <DownOutlined className="top-bar__caret" />
      </span>
    </Popover>
  );
}
