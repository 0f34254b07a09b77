import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { siteConfig } from '../../lib/site-config';
import { LoginForm } from './login-form';
import { afterLoginPath, modeOf, switchModePath } from './login-mode';
import './login.css';

/** Spec §2 /login, outside the shared layout: logo home, the form, and the login/register switch. */
export function LoginPage() {
  const [params] = useSearchParams();
  const mode = modeOf(params);
  const title = mode === 'register' ? '注册' : '登录';
  useEffect(() => {
    document.title = `${title} - ${siteConfig.name}`;
  }, [title]);

  return (
    <div className="login-page">
      <header className="login-page__header">
        <div className="page-width login-page__header-inner">
          <Link to="/" className="login-page__logo" aria-label="集市首页">
            <img src="/favicon.svg" alt="" width={44} height={44} />
            <span className="login-page__brand">集市</span>
          </Link>
          <span className="login-page__welcome">{mode === 'register' ? '欢迎注册' : '欢迎登录'}</span>
        </div>
      </header>
      <main className="login-page__main">
        <div className="page-width login-page__stage">
          <div className="login-page__slogan" aria-hidden>
            <strong>好店好物 一站购齐</strong>
            <span>手机号 + 短信验证码，登录安全又便捷</span>
          </div>
          <section className="login-card" aria-label={title}>
            <div className="login-card__head">
              <h1 className="login-card__title">{mode === 'register' ? '手机号注册' : '手机号登录'}</h1>
              <Link to={switchModePath(mode, params)} replace className="login-card__switch">
                {mode === 'register' ? '已有账号？去登录' : '没有账号？立即注册'}
              </Link>
            </div>
            <LoginForm key={mode} mode={mode} next={afterLoginPath(params)} />
          </section>
        </div>
      </main>
      <footer className="login-page__footer">
        客服电话 {siteConfig.serviceHotline}（{siteConfig.serviceHours}） · {siteConfig.icpFiling}
      </footer>
    </div>
  );
}
