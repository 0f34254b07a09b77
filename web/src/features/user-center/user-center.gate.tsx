import App from 'antd/es/app';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { endSession, getToken } from '../../lib/session';
import { UserCenterShell } from './user-center.shell';

/** Spec §2: without a stored token the user centre warns 请先登录, resets stored state and goes to /login. */
export function UserCenterGate() {
  const { message } = App.useApp();
  const token = getToken();
  useEffect(() => {
    if (token) return;
    void message.warning({ content: '请先登录', key: 'login-required' });
    endSession();
  }, [token, message]);
  return token ? <UserCenterShell /> : <Navigate to="/login" replace />;
}
