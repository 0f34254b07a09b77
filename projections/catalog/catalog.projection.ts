/**
 * The catalog read model (issue 4 "listings"): categories, shops, shop tabs and banners, products with SKUs and
 * sales, and page layouts, for search, category, shop and home screens, and for the slices that read products
 * (detail, cart, promotions). Tables and their columns: catalog.schema.ts.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';
import { runsOf } from '../set-based';
import {
  applyOrders, applyProductsListed, applyShelfChanges, ORDER_EVENTS, refreshShopStats, SHELF_CHANGES, type TouchedShops,
} from './catalog-products.apply';
import {
  applyCanvasPublished, applyCategoryDefined, applyShopBannerSet, applyShopClassifyDefined, applyShopFlags,
  applyShopOpened, SHOP_FLAGS,
} from './catalog-shops.apply';
import { CATALOG_TABLES, migrateCatalog } from './catalog.schema';

const HANDLED = [
  'CategoryDefined', 'ShopOpened', 'ShopDisabled', 'ShopEnabled', 'ShopClassifyDefined', 'ShopBannerSet',
  'ProductListed', 'ProductShelved', 'ProductUnshelved', 'CanvasPublished', 'OrderPlaced', 'OrderPaid',
] as const;
type Handled = typeof HANDLED[number];

const isHandled = (type: string): type is Handled => (HANDLED as readonly string[]).includes(type);

/** Shelf changes form one run (each product takes its last), so do shop flags and orders; other types run alone. */
function kindOf(event: RecordedEvent): string {
  if (SHELF_CHANGES.has(event.type)) return 'ProductShelved';
  if (SHOP_FLAGS.has(event.type)) return 'ShopDisabled';
  if (ORDER_EVENTS.has(event.type)) return 'OrderPlaced';
  return event.type;
}

/**
 * Listings, shelf changes and order lines (the volume of a seed, an import or a rebuild) go set-based, a run of them
 * in a few statements; the rare shop, category and layout events one by one. Runs keep log order.
 */
async function applyRun(tx: pg.PoolClient, run: readonly RecordedEvent[], s: string, touched: TouchedShops): Promise<void> {
  const type = run[0].type;
  if (!isHandled(type)) return;
  switch (type) {
    case 'ProductListed': return applyProductsListed(tx, s, run, touched);
    case 'ProductShelved':
    case 'ProductUnshelved': return applyShelfChanges(tx, s, run, touched);
    case 'ShopDisabled':
    case 'ShopEnabled': return applyShopFlags(tx, s, run, touched);
    case 'OrderPlaced':
    case 'OrderPaid': return applyOrders(tx, s, run, touched);
    default: for (const event of run) await applyOne(tx, event, s, touched);
  }
}

async function applyOne(tx: pg.PoolClient, event: RecordedEvent, s: string, touched: TouchedShops): Promise<void> {
  const type = event.type as Exclude<Handled, 'ProductListed' | 'ProductShelved' | 'ProductUnshelved' | 'ShopDisabled' | 'ShopEnabled' | 'OrderPlaced' | 'OrderPaid'>;
  switch (type) {
    case 'CategoryDefined': return applyCategoryDefined(tx, s, event);
    case 'ShopOpened': return applyShopOpened(tx, s, event, touched);
    case 'ShopClassifyDefined': return applyShopClassifyDefined(tx, s, event);
    case 'ShopBannerSet': return applyShopBannerSet(tx, s, event);
    case 'CanvasPublished': return applyCanvasPublished(tx, s, event);
    default: {
      const unhandled: never = type;
      throw new Error(`catalog projection: no handler for ${String(unhandled)}`);
    }
  }
}

/** A batch (or one event): its runs in log order, then each touched shop's stats recomputed once. */
async function applyCatalog(tx: pg.PoolClient, events: readonly RecordedEvent[], s: string): Promise<void> {
  const touched: TouchedShops = new Set();
  for (const run of runsOf(events, kindOf)) await applyRun(tx, run, s, touched);
  await refreshShopStats(tx, s, touched);
}

export const catalogProjection: Projection = {
  name: 'catalog',
  version: 2,
  handles: HANDLED,
  tables: CATALOG_TABLES,
  migrate: migrateCatalog,
  apply: (tx, event, s) => applyCatalog(tx, [event], s),
  applyBatch: applyCatalog,
};
