import App from 'antd/es/app';
import { Link, useNavigate } from 'react-router-dom';
import { useClientState } from '../../lib/client-state';
import { maskPhone } from '../../lib/format';
import { endSession } from '../../lib/session';
import { logout } from './api/logout';
import { PromoPopup } from './promo-popup';

/** Spec §2 top bar, left end: who is here, and the way in or out. */
export function Greeting() {
  const user = useClientState('userInfo');
  if (!user) return <AnonymousGreeting />;
  return <UserGreeting name={user.name || maskPhone(user.phone ?? '')} />;
}

function AnonymousGreeting() {
  return (
    <div className="greeting">
      <span className="greeting__text" data-testid="anonymous-greeting">
        你好 请先 <Link to="/login?type=2" className="greeting__link">登录</Link> 或{' '}
        <Link to="/login?type=1" className="greeting__link">注册</Link>
      </span>
      <PromoPopup />
    </div>
  );
}

function UserGreeting({ name }: { name: string }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const confirmLogout = () =>
    modal.confirm({
      title: '提示',
      content: '确定退出登录吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout();
        endSession();
        navigate('/login?type=2');
      },
    });
  return (
    <div className="greeting">
      <span className="greeting__text">
        你好，<span className="greeting__name">{name}</span>
      </span>
      <button type="button" className="top-bar__action" onClick={confirmLogout}>
        退出登录
      </button>
    </div>
  );
}
