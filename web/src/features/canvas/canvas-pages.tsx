import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseId } from '../../lib/catalog-ui/links';
import { CanvasView } from './canvas-view';

// Result's 404 picture is only for a missing custom page, so it stays out of the home page's download.
const NoLayout = lazy(() => import('./no-layout').then((m) => ({ default: m.NoLayout })));

function MissingLayout() {
  return (
    <Suspense fallback={null}>
      <NoLayout />
    </Suspense>
  );
}

/** `/` and `/index`: the platform home layout (terminal 4, type 1). */
export function HomeCanvas() {
  return <CanvasView query={{ type: 1 }} />;
}

/** `/custom?shopId`: a custom page (type 2); the query value names the page. */
export function CustomCanvasPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('shopId'));
  if (!id) return <MissingLayout />;
  return <CanvasView query={{ type: 2, shopId: id }} empty={<MissingLayout />} />;
}

/** The shop page's 店铺首页 tab: the shop's own layout (type 3). */
export function ShopCanvas({ shopId, empty }: { shopId: number; empty?: ReactNode }) {
  return <CanvasView query={{ type: 3, shopId }} empty={empty} />;
}
