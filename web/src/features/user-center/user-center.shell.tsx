import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import Badge from 'antd/es/badge';
import { useEffect } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useClientState } from '../../lib/client-state';
import { storeUnread } from '../../lib/unread-live';
import { maskPhone } from '../../lib/format';
import { getUnread } from './api/get-unread';
import { userCenterMenu } from './user-center.menu';
import './user-center.css';

/** Spec §2 user centre: the shopper, the left menu (我的消息 with its unread badge) and the chosen screen. */
export function UserCenterShell() {
  const user = useClientState('userInfo');
  const unread = user?.notRead ?? 0;
  // The stored count may be old (messages arrive while away): read it again on entry.
  useEffect(() => {
    const controller = new AbortController();
    getUnread(controller.signal).then(
      storeUnread,
      () => undefined, // the badge keeps the stored count; a refused token is handled by the API client
    );
    return () => controller.abort();
  }, []);
  return (
    <div className="page-width user-center">
      <aside className="user-center__side">
        <div className="user-center__me">
          <Avatar size={64} src={user?.headImage || undefined} icon={<UserOutlined />} />
          <strong>{user?.name ?? ''}</strong>
          {user?.phone && <span>{maskPhone(user.phone)}</span>}
        </div>
        <nav aria-label="个人中心">
          <ul className="user-center__menu">
            {userCenterMenu.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} className="user-center__link">
                  {item.label}
                  {item.path === 'message' && unread > 0 && <Badge count={unread} size="small" data-testid="unread-badge" />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <section className="user-center__main">
        <Outlet />
      </section>
    </div>
  );
}
