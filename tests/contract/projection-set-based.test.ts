/**
 * Set-based projections (issue 14 item 5): the same generated event sequence applied event by event (`apply`) and
 * in batches (`applyBatch`, of 1000 and of 7 events, so runs are cut at every place) must leave exactly the same rows:
 * the rebuild gate (generation-diff) compares the generations table by table and finds them identical.
 * PGlite always; PostgreSQL with DATABASE_URL.
 */
import type { Database } from '../../services/db/database';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { addressesProjection } from '../../projections/addresses/addresses.projection';
import { cartProjection } from '../../projections/cart/cart.projection';
import { catalogProjection } from '../../projections/catalog/catalog.projection';
import { diffGenerations, describeDiff } from '../../projections/runner/generation-diff';
import { generationSchema, type Projection } from '../../projections/runner/projection';
import { stockProjection } from '../../projections/stock/stock.projection';
import { collectsProjection } from '../../projections/collects/collects.projection';
import { commentsProjection } from '../../projections/comments/comments.projection';
import { couponsProjection } from '../../projections/coupons/coupons.projection';
import { deadlinesProjection } from '../../projections/deadlines/deadlines.projection';
import { footprintsProjection } from '../../projections/footprints/footprints.projection';
import { promotionsProjection } from '../../projections/promotions/promotions.projection';
import { ordersProjection } from '../../projections/orders/orders.projection';
import { qaProjection } from '../../projections/qa/qa.projection';
import { onEachDatabase } from '../support/backends';
import { addressLog, cartLog, catalogLog, deadlineLog, engagementLog, orderLog, stockLog } from '../support/generated-logs';
import { uniqueName } from './projection.fixtures';


interface Subject {
  /** The generated log, its sizes scaled by `scale` (PGlite applies event by event ~5× slower: it gets half the log). */
  projection: Projection; log: (scale: (n: number) => number) => RecordedEvent[]; filled: string[];
  /** Names the log when a projection is tried on more than one. */
  on?: string;
  /** Rows that break an invariant of the generation in `schema` (none expected), for what batch and event alike derive. */
  broken?: (db: Database, schema: string) => Promise<unknown[]>;
}

/**
 * Shops' statistics are kept incrementally (projections/catalog/shop-stats.ts), by batch and event alike: they must
 * equal a recount of the shop's products.
 */
async function shopStatsOff(db: Database, schema: string): Promise<unknown[]> {
  const { rows } = await db.query(
    `select sh.shop_id, sh.sales, sh.product_kinds, sh.min_price, x.sales as counted_sales, x.kinds as counted_kinds, x.min_price as counted_min_price
     from ${schema}.shops sh cross join lateral (
       select coalesce(sum(p.sales), 0)::int as sales, (count(*) filter (where p.shelved))::int as kinds,
         min(p.price) filter (where p.listed) as min_price
       from ${schema}.products p where p.shop_id = sh.shop_id) x
     where (sh.sales, sh.product_kinds, sh.min_price) is distinct from (x.sales, x.kinds, x.min_price)`);
  const { rows: [{ shops }] } = await db.query<{ shops: number }>(`select count(*)::int as shops from ${schema}.shops where min_price is not null`);
  return shops > 0 ? rows : ['no shop has a lowest price: the check checks nothing'];
}

const subjects: Subject[] = [
  { projection: catalogProjection, log: (n) => catalogLog(n(200), n(1200)), filled: ['products', 'skus', 'shops', 'product_sales'], broken: shopStatsOff },
  { projection: stockProjection, log: (n) => stockLog(n(40), n(1500)), filled: ['sku_stock', 'activity_sales'] },
  { projection: cartProjection, log: (n) => cartLog(6, 12, n(1500)), filled: ['cart_lines'] },
  { projection: addressesProjection, log: (n) => addressLog(n(1500)), filled: ['addresses'] },
  { projection: footprintsProjection, log: (n) => engagementLog(n(3000)), filled: ['footprints'] },
  { projection: collectsProjection, log: (n) => engagementLog(n(3000)), filled: ['collects'] },
  { projection: qaProjection, log: (n) => engagementLog(n(3000)), filled: ['qa_problems', 'qa_answers'] },
  { projection: promotionsProjection, log: (n) => engagementLog(n(3000)), filled: ['promotions', 'promotion_items'] },
  { projection: couponsProjection, log: (n) => engagementLog(n(3000)), filled: ['coupons', 'coupon_claims'] },
  { projection: deadlinesProjection, log: (n) => deadlineLog(n(40), n(3000)), filled: ['deadlines'] },
  { projection: deadlinesProjection, on: 'order lifecycles', log: (n) => orderLog(n(400)), filled: ['deadlines'] },
  { projection: ordersProjection, log: (n) => orderLog(n(400)), filled: ['orders', 'order_collages', 'order_notices'] },
  { projection: commentsProjection, log: (n) => orderLog(n(400)), filled: ['comment_order_lines', 'product_comments', 'comment_likes'] },
];

const PER_EVENT = 1;

async function build(db: Database, projection: Projection, generation: number, events: readonly RecordedEvent[], batch: number): Promise<void> {
  const schema = generationSchema(projection.name, generation);
  await db.query(`create schema ${schema}`);
  await db.transaction((tx) => projection.migrate(tx, schema));
  for (let start = 0; start < events.length; start += Math.max(batch, 500)) {
    const slice = events.slice(start, start + Math.max(batch, 500));
    await db.transaction(async (tx) => {
      if (batch === PER_EVENT) {
        for (const event of slice) if (projection.handles.includes(event.type)) await projection.apply(tx, event, schema);
        return;
      }
      for (let at = 0; at < slice.length; at += batch) {
        const handled = slice.slice(at, at + batch).filter((event) => projection.handles.includes(event.type));
        if (handled.length > 0) await projection.applyBatch!(tx, handled, schema);
      }
    });
  }
}

function equivalenceSuite(backend: string, open: () => Promise<Database>, size: number) {
  describe(`set-based projections give the rows of event-by-event apply (${backend})`, () => {
    let db: Database;
    beforeAll(async () => { db = await open(); });

    for (const subject of subjects) {
      it(`${subject.projection.name}${subject.on ? ` (${subject.on})` : ''}: batches of 1000 and of 7 equal event by event, as the rebuild gate sees it`, async () => {
        const projection = { ...subject.projection, name: uniqueName(subject.projection.name) };
        expect(projection.applyBatch).toBeDefined();
        const events = subject.log((n) => Math.max(1, Math.round(n * size)));
        await build(db, projection, 1, events, PER_EVENT);
        await build(db, projection, 2, events, 1000);
        await build(db, projection, 3, events, 7);
        try {
          for (const generation of [1, 2, 3]) expect(await subject.broken?.(db, generationSchema(projection.name, generation)) ?? []).toEqual([]);
          for (const generation of [2, 3]) {
            const diff = await diffGenerations(db, projection, generation, 1);
            if (!diff.identical) throw new Error(describeDiff(`${projection.name} batch generation ${generation}`, diff).join('\n'));
            expect(diff.identical).toBe(true);
            for (const table of subject.filled) {
              expect(diff.tables.find((t) => t.table === table)?.rebuilt.rows).toBeGreaterThan(0);
            }
          }
        } finally {
          for (const generation of [1, 2, 3]) await db.query(`drop schema if exists ${generationSchema(projection.name, generation)} cascade`);
        }
      }, 240_000);
    }
  });
}

// the full logs run on PostgreSQL (batches of 1000 cross their boundaries there); PGlite checks the same SQL on half
onEachDatabase('set_based', (backend, open) => equivalenceSuite(backend, open, backend === 'PGlite' ? 0.5 : 1));
