import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { lazy, Suspense, useEffect } from 'react';
import { siteConfig } from '../../lib/site-config';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import './layout.css';

// The header is never on the landing page, so its search widgets load only when it is shown.
const SiteHeader = lazy(() => import('./site-header').then((m) => ({ default: m.SiteHeader })));

const isHome = (pathname: string) => pathname === '/' || pathname === '/index';

/** Routes name themselves through `handle.title`, used for the tab title. */
export interface RouteHandle {
  title?: string;
}

function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} - ${siteConfig.name}` : siteConfig.name;
  }, [title]);
}

/** A thin moving bar at the top while a page's code or data loads. */
export function LoadingBar() {
  return <div className="site__progress" role="progressbar" aria-label="页面加载中" />;
}

/** Spec §2 layout: top bar, header (not on home), main area, footer. */
export function SiteLayout() {
  const { pathname } = useLocation();
  const loading = useNavigation().state === 'loading';
  useDocumentTitle();
  return (
    <div className="site">
      {loading && <LoadingBar />}
      <TopBar />
      {!isHome(pathname) && (
        <Suspense fallback={<div className="site-header site-header--pending" />}>
          <SiteHeader />
        </Suspense>
      )}
      <main className="site__main">
        <Outlet />
      </main>
      <SiteFooter />
      {/* A new page starts at its top (a card clicked far down the home page), back/forward returns to where it was. */}
      <ScrollRestoration />
    </div>
  );
}
