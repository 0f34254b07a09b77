import { ShopCanvas } from '../features/canvas/canvas-pages';
import { StorePage } from '../features/store/store.page';

/** The shop page's 店铺首页 tab is the shop's page layout: the app hands the canvas to the store feature. */
export function StoreRoute() {
  return <StorePage renderHome={(shopId, fallback) => <ShopCanvas shopId={shopId} empty={fallback} />} />;
}
