/**
 * The catalog read model (issue 4 "listings"): categories, shops, shop tabs and banners, products with SKUs and
 * sales, and page layouts, for search, category, shop and home screens, and for the slices that read products
 * (detail, cart, promotions). Tables and their columns: catalog.schema.ts.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';
import { keyedRunsOf } from '../set-based';
import {
  applyOrders, applyProductsListed, applyShelfChanges, ORDER_EVENTS, placedProductIds, productsOfPlacedOrders, SHELF_CHANGES,
} from './catalog-products.apply';
import {
  applyCanvasPublished, applyCategoryDefined, applyShopBannerSet, applyShopClassifyDefined, applyShopFlags,
  applyShopOpened, SHOP_FLAGS,
} from './catalog-shops.apply';
import { CATALOG_TABLES, catalogBulkIndexes, migrateCatalog } from './catalog.schema';
import { ShopStats } from './shop-stats';

const HANDLED = [
  'CategoryDefined', 'ShopOpened', 'ShopDisabled', 'ShopEnabled', 'ShopClassifyDefined', 'ShopBannerSet',
  'ProductListed', 'ProductShelved', 'ProductUnshelved', 'CanvasPublished', 'OrderPlaced', 'OrderPaid',
] as const;
type Handled = typeof HANDLED[number];

const isHandled = (type: string): type is Handled => (HANDLED as readonly string[]).includes(type);

/**
 * Shelf changes and orders form one run: they write disjoint columns (shelved and updated_at; product_sales and
 * sold), so they commute, and each applies set-based over the run. Shop flags form one run too; other types run alone.
 */
function kindOf(event: RecordedEvent): string {
  if (SHELF_CHANGES.has(event.type) || ORDER_EVENTS.has(event.type)) return 'ProductShelved';
  if (SHOP_FLAGS.has(event.type)) return 'ShopDisabled';
  return event.type;
}

async function applyShelvesAndOrders(tx: pg.PoolClient, run: readonly RecordedEvent[], s: string, stats: ShopStats): Promise<void> {
  const shelves = run.filter((event) => SHELF_CHANGES.has(event.type));
  const orders = run.filter((event) => ORDER_EVENTS.has(event.type));
  if (shelves.length > 0) await applyShelfChanges(tx, s, shelves, stats);
  if (orders.length > 0) await applyOrders(tx, s, orders, stats);
}

/**
 * Listings, shelf changes and order lines (the volume of a seed, an import or a rebuild) go set-based, a run of them
 * in a few statements; the rare shop, category and layout events one by one. Runs keep log order.
 */
async function applyRun(tx: pg.PoolClient, run: readonly RecordedEvent[], s: string, stats: ShopStats): Promise<void> {
  const type = run[0].type;
  if (!isHandled(type)) return;
  switch (type) {
    case 'ProductListed': return applyProductsListed(tx, s, run, stats);
    case 'ProductShelved':
    case 'ProductUnshelved':
    case 'OrderPlaced':
    case 'OrderPaid': return applyShelvesAndOrders(tx, run, s, stats);
    case 'ShopDisabled':
    case 'ShopEnabled': return applyShopFlags(tx, s, run, stats);
    default: for (const event of run) await applyOne(tx, event, s, stats);
  }
}

async function applyOne(tx: pg.PoolClient, event: RecordedEvent, s: string, stats: ShopStats): Promise<void> {
  const type = event.type as Exclude<Handled, 'ProductListed' | 'ProductShelved' | 'ProductUnshelved' | 'ShopDisabled' | 'ShopEnabled' | 'OrderPlaced' | 'OrderPaid'>;
  switch (type) {
    case 'CategoryDefined': return applyCategoryDefined(tx, s, event);
    case 'ShopOpened': return applyShopOpened(tx, s, event, stats);
    case 'ShopClassifyDefined': return applyShopClassifyDefined(tx, s, event);
    case 'ShopBannerSet': return applyShopBannerSet(tx, s, event);
    case 'CanvasPublished': return applyCanvasPublished(tx, s, event);
    default: {
      const unhandled: never = type;
      throw new Error(`catalog projection: no handler for ${String(unhandled)}`);
    }
  }
}

/**
 * The rows each event writes, as keys for keyedRunsOf: a listing its product and its SKU ids, a shelf change its
 * product, an order its stream and the products it counts (a paid order's as placed in this batch or before it).
 * Events with disjoint keys commute: they write other rows, and shop stats only add up their deltas. Shop, category
 * and layout events are barriers (a listing reads the shop's flag and the category tree).
 */
async function keysOfBatch(tx: pg.PoolClient, events: readonly RecordedEvent[], s: string): Promise<(event: RecordedEvent) => readonly string[] | null> {
  const paid = [...new Set(events.filter((event) => event.type === 'OrderPaid').map((event) => event.streamId))];
  const productsOf = await productsOfPlacedOrders(tx, s, paid);
  for (const event of events) {
    if (event.type === 'OrderPlaced') productsOf.set(event.streamId, [...(productsOf.get(event.streamId) ?? []), ...placedProductIds(event)]);
  }
  return (event) => {
    switch (event.type) {
      case 'ProductListed': {
        const data = event.data as { productId?: unknown; skus?: Array<{ skuId?: unknown }> };
        if (typeof data.productId !== 'number' || !Array.isArray(data.skus)) return null;
        return [`p:${data.productId}`, ...data.skus.map((sku) => `k:${String(sku.skuId)}`)];
      }
      case 'ProductShelved':
      case 'ProductUnshelved': {
        const { productId } = event.data as { productId?: unknown };
        return typeof productId === 'number' ? [`p:${productId}`] : null;
      }
      case 'OrderPlaced':
      case 'OrderPaid':
        return [`o:${event.streamId}`, ...(productsOf.get(event.streamId) ?? []).map((productId) => `p:${productId}`)];
      default:
        return null;
    }
  };
}

/**
 * A batch (or one event): its runs, then what they did to each shop's stats, in one statement. Listings, shelf
 * changes and orders interleave in a live log; regrouped by the rows they touch (keysOfBatch), a batch of 1000 is a
 * few runs where cutting it in log order made ~150.
 */
async function applyCatalog(tx: pg.PoolClient, events: readonly RecordedEvent[], s: string): Promise<void> {
  const stats = new ShopStats();
  const keysOf = events.length > 1 ? await keysOfBatch(tx, events, s) : () => null;
  for (const run of keyedRunsOf(events, kindOf, keysOf)) await applyRun(tx, run, s, stats);
  await stats.flush(tx, s);
}

export const catalogProjection: Projection = {
  name: 'catalog',
  version: 2,
  handles: HANDLED,
  tables: CATALOG_TABLES,
  migrate: migrateCatalog,
  apply: (tx, event, s) => applyCatalog(tx, [event], s),
  applyBatch: applyCatalog,
  bulkIndexes: catalogBulkIndexes,
};
