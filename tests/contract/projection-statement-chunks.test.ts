/**
 * A set-based write whose rows pass STATEMENT_JSON_CHARS of JSON goes out in several statements (projections/set-based.ts
 * jsonChunks): the catalogue's listings and SKUs, the orders and their notices. The same log applied as one batch,
 * cut into statements, must leave exactly the rows of batches small enough to be one statement each (those equal
 * event-by-event apply: projection-set-based.test.ts), as the rebuild gate compares them. PGlite always; PostgreSQL
 * with DATABASE_URL.
 */
import type pg from 'pg';
import type { Database } from '../../services/db/database';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { catalogProjection } from '../../projections/catalog/catalog.projection';
import { ordersProjection } from '../../projections/orders/orders.projection';
import { diffGenerations, describeDiff } from '../../projections/runner/generation-diff';
import { generationSchema, type Projection } from '../../projections/runner/projection';
import { onEachDatabase } from '../support/backends';
import { catalogLog, orderLog } from '../support/generated-logs';
import { uniqueName } from './projection.fixtures';

interface Subject { projection: Projection; log: () => RecordedEvent[]; cut: RegExp; tables: string[] }

const subjects: Subject[] = [
  // ~2,300 listings of ~3 kB: one batch carries about three times the limit
  { projection: catalogProjection, log: () => catalogLog(800, 100, 'chunks'), cut: /insert into \S+\.products \(/, tables: ['products', 'skus', 'shops'] },
  // ~1,500 order rows of ~2.7 kB (snapshot and lines)
  { projection: ordersProjection, log: () => orderLog(1500, 'chunks'), cut: /insert into \S+\.orders \(/, tables: ['orders', 'order_notices'] },
];

const SMALL_BATCH = 300;

/** Applies `events` in batches of `batch`, one transaction each; answers how many statements matched `cut`. */
async function build(db: Database, projection: Projection, generation: number, events: readonly RecordedEvent[], batch: number, cut: RegExp): Promise<number> {
  const schema = generationSchema(projection.name, generation);
  await db.query(`create schema ${schema}`);
  await db.transaction((tx) => projection.migrate(tx, schema));
  let statements = 0;
  for (let start = 0; start < events.length; start += batch) {
    const handled = events.slice(start, start + batch).filter((event) => projection.handles.includes(event.type));
    await db.transaction(async (tx) => {
      const counting = new Proxy(tx, {
        get(target, key) {
          if (key !== 'query') return Reflect.get(target, key);
          return (sql: string, params?: unknown[]) => {
            if (cut.test(sql)) statements += 1;
            return target.query(sql, params);
          };
        },
      }) as pg.PoolClient;
      if (handled.length > 0) await projection.applyBatch!(counting, handled, schema);
    });
  }
  return statements;
}

onEachDatabase('statement_chunks', (backend, open) => {
  describe(`set-based writes cut into statements (${backend})`, () => {
    let db: Database;
    beforeAll(async () => { db = await open(); });

    for (const subject of subjects) {
      it(`${subject.projection.name}: one batch cut into statements equals batches of ${SMALL_BATCH}`, async () => {
        const projection = { ...subject.projection, name: uniqueName(subject.projection.name) };
        const events = subject.log();
        try {
          await build(db, projection, 1, events, SMALL_BATCH, subject.cut);
          const statements = await build(db, projection, 2, events, events.length, subject.cut);
          // the whole log's rows did not fit one statement
          expect(statements).toBeGreaterThanOrEqual(2);
          const diff = await diffGenerations(db, projection, 2, 1);
          if (!diff.identical) throw new Error(describeDiff(`${projection.name} one batch`, diff).join('\n'));
          for (const table of subject.tables) expect(diff.tables.find((t) => t.table === table)?.rebuilt.rows).toBeGreaterThan(0);
        } finally {
          for (const generation of [1, 2]) await db.query(`drop schema if exists ${generationSchema(projection.name, generation)} cascade`);
        }
      }, 240_000);
    }
  });
});
