/** migrate(): ordered steps applied once per module, atomically, and safely when two processes start together. */
import { openDatabase, type Database } from '../../services/db/database';
import { migrate } from '../../services/db/migrate';
import { describeIfPostgres, freshPostgres, sharedPGlite, type FreshPostgres } from '../support/backends';

const count = async (db: Database, sql: string): Promise<number> =>
  Number((await db.query<{ n: number }>(sql)).rows[0].n);

describe('migrations on PGlite', () => {
  let db: Database;
  beforeAll(async () => { db = await sharedPGlite(); });

  describe('given a module migrated once', () => {
    beforeAll(async () => {
      await migrate(db, 'widgets', ['create table widgets (id int primary key)', 'insert into widgets values (1)']);
    });

    it('applies nothing when migrated again with the same steps', async () => {
      const report = await migrate(db, 'widgets', ['create table widgets (id int primary key)', 'insert into widgets values (1)']);
      expect(report.applied).toEqual([]);
      expect(await count(db, 'select count(*)::int as n from widgets')).toBe(1);
    });

    it('applies only the steps added since, and records each with its module', async () => {
      const report = await migrate(db, 'widgets', [
        'create table widgets (id int primary key)', 'insert into widgets values (1)', 'insert into widgets values (2); insert into widgets values (3)',
      ]);
      expect(report.applied).toEqual([2]);
      expect(await count(db, 'select count(*)::int as n from widgets')).toBe(3);
      expect(await count(db, "select count(*)::int as n from schema_migrations where module = 'widgets'")).toBe(3);
    });

    it('keeps modules apart: the same step numbers of another module still apply', async () => {
      expect((await migrate(db, 'gadgets', ['create table gadgets (id int)'])).applied).toEqual([0]);
    });
  });

  describe('given a step that fails', () => {
    it('rolls back every step of that call and records none of them', async () => {
      await expect(migrate(db, 'broken', ['create table broken_a (id int)', 'select no_such_column from broken_a']))
        .rejects.toThrow(/no_such_column/);
      expect(await count(db, "select count(*)::int as n from schema_migrations where module = 'broken'")).toBe(0);
      expect(await count(db, "select count(*)::int as n from pg_tables where tablename = 'broken_a'")).toBe(0);
      expect((await migrate(db, 'broken', ['create table broken_a (id int)'])).applied).toEqual([0]);
    });
  });
});

describeIfPostgres('migrations on PostgreSQL', () => {
  let fresh: FreshPostgres;
  let second: Database;
  beforeAll(async () => {
    fresh = (await freshPostgres('migrate'))!;
    second = await openDatabase({ kind: 'postgres', url: fresh.url });
  });
  afterAll(async () => {
    await second?.close();
    await fresh?.drop();
  });

  describe('given two processes migrating the same module at the same time on an empty database', () => {
    it('applies each step exactly once and both succeed', async () => {
      const steps = ['create table starts (n int)', 'insert into starts values (1)', 'select pg_sleep(0.2)'];
      const reports = await Promise.all([migrate(fresh.db, 'race', steps), migrate(second, 'race', steps)]);
      expect(reports.map((r) => r.applied.length).sort()).toEqual([0, 3]);
      expect(await count(fresh.db, 'select count(*)::int as n from starts')).toBe(1);
    });
  });
});
