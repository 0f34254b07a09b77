/**
 * The catalog read model (issue 4 "listings"): categories, shops, shop tabs and banners, products with SKUs and
 * sales, and page layouts, for search, category, shop and home screens, and for the slices that read products
 * (detail, cart, promotions). Tables and their columns: catalog.schema.ts.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';
import {
  applyOrderPaid, applyOrderPlaced, applyProductListed, applyShelfChange, refreshShopStats, type TouchedShops,
} from './catalog-products.apply';
import {
  applyCanvasPublished, applyCategoryDefined, applyShopBannerSet, applyShopClassifyDefined, applyShopEnabledFlag,
  applyShopOpened,
} from './catalog-shops.apply';
import { CATALOG_TABLES, migrateCatalog } from './catalog.schema';

const HANDLED = [
  'CategoryDefined', 'ShopOpened', 'ShopDisabled', 'ShopEnabled', 'ShopClassifyDefined', 'ShopBannerSet',
  'ProductListed', 'ProductShelved', 'ProductUnshelved', 'CanvasPublished', 'OrderPlaced', 'OrderPaid',
] as const;
type Handled = typeof HANDLED[number];

const isHandled = (type: string): type is Handled => (HANDLED as readonly string[]).includes(type);

async function dispatch(tx: pg.PoolClient, event: RecordedEvent, s: string, touched: TouchedShops): Promise<void> {
  const type = event.type;
  if (!isHandled(type)) return;
  switch (type) {
    case 'CategoryDefined': return applyCategoryDefined(tx, s, event);
    case 'ShopOpened': return applyShopOpened(tx, s, event, touched);
    case 'ShopDisabled': return applyShopEnabledFlag(tx, s, event, false, touched);
    case 'ShopEnabled': return applyShopEnabledFlag(tx, s, event, true, touched);
    case 'ShopClassifyDefined': return applyShopClassifyDefined(tx, s, event);
    case 'ShopBannerSet': return applyShopBannerSet(tx, s, event);
    case 'ProductListed': return applyProductListed(tx, s, event, touched);
    case 'ProductShelved': return applyShelfChange(tx, s, event, true, touched);
    case 'ProductUnshelved': return applyShelfChange(tx, s, event, false, touched);
    case 'CanvasPublished': return applyCanvasPublished(tx, s, event);
    case 'OrderPlaced': return applyOrderPlaced(tx, s, event);
    case 'OrderPaid': return applyOrderPaid(tx, s, event, touched);
    default: {
      const unhandled: never = type;
      throw new Error(`catalog projection: no handler for ${String(unhandled)}`);
    }
  }
}

export const catalogProjection: Projection = {
  name: 'catalog',
  version: 2,
  handles: HANDLED,
  tables: CATALOG_TABLES,
  migrate: migrateCatalog,
  async apply(tx: pg.PoolClient, event: RecordedEvent, s: string) {
    const touched: TouchedShops = new Set();
    await dispatch(tx, event, s, touched);
    await refreshShopStats(tx, s, touched);
  },
  /** Event by event, but each touched shop's stats are recomputed once per batch (a seed or rebuild lists many). */
  async applyBatch(tx: pg.PoolClient, events: readonly RecordedEvent[], s: string) {
    const touched: TouchedShops = new Set();
    for (const event of events) await dispatch(tx, event, s, touched);
    await refreshShopStats(tx, s, touched);
  },
};
