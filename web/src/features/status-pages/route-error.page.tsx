import './status-pages.css';

/**
 * A route failed to render or its code failed to load (typically an old tab after a new deploy):
 * a full reload fetches the current build. Plain markup, so it works when chunks do not load.
 */
export function RouteErrorPage() {
  return (
    <div className="page-width status-page route-error" role="alert">
      <h1 className="route-error__title">页面加载失败</h1>
      <p className="route-error__text">请刷新页面后重试</p>
      <button type="button" className="route-error__button" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </div>
  );
}
