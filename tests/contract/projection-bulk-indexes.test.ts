/**
 * A generation's bulk indexes (Projection.bulkIndexes, generations.ts createBulkIndexes): on PostgreSQL they are
 * built two at a time, each in a transaction and under a lock of its own, so that processes starting together (every
 * worker of a deployment, after a first fill) each end with every index built once and none fails on a name another
 * one built meanwhile. PGlite (one connection) builds them one after another. PGlite always; PostgreSQL with
 * DATABASE_URL.
 */
import type { Database } from '../../services/db/database';
import { createBulkIndexes, ensureLiveGeneration } from '../../projections/runner/generations';
import { generationSchema, type Projection } from '../../projections/runner/projection';
import { migrateRunnerTables } from '../../projections/runner/runner-tables';
import { onEachDatabase } from '../support/backends';
import { counterProjection, countsTable, uniqueName } from './projection.fixtures';

const INDEXES = 5;

function indexedCounter(name: string): Projection {
  const indexName = (i: number) => `${name}_bulk_${i}`;
  return {
    ...counterProjection({ name, batched: true }),
    bulkIndexes: (schema: string) => Array.from({ length: INDEXES }, (_, i) =>
      `create index if not exists ${indexName(i)} on ${schema}.${countsTable(name)} ((events + ${i}))`),
  };
}

onEachDatabase('bulk_indexes', (backend, open) => {
  describe(`bulk indexes of a generation (${backend})`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await open();
      await migrateRunnerTables(db);
    });

    it('are each built once when three processes build them at the same time, and again is a no-op', async () => {
      const projection = indexedCounter(uniqueName('bi'));
      const { generation } = await ensureLiveGeneration(db, projection);
      await db.query(`insert into ${generationSchema(projection.name, generation)}.${countsTable(projection.name)}
        select 'stream-' || i, i, 0 from generate_series(1, 2000) as i`);
      // when
      await Promise.all([1, 2, 3].map(() => createBulkIndexes(db, projection, generation)));
      await createBulkIndexes(db, projection, generation);
      // then
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_indexes where schemaname = $1 and indexname like $2`,
        [generationSchema(projection.name, generation), `${projection.name}_bulk_%`]);
      expect(rows[0].n).toBe(INDEXES);
    });
  });
});
