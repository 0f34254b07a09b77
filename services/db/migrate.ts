/**
 * Ordered, once-only SQL migrations per module (event store, projections, sessions, notices...).
 * Step i of a module is applied at most once, recorded in schema_migrations(module, step, applied_at).
 * All pending steps of one call run in one transaction under a transaction-scoped advisory lock, so two
 * processes starting together on one PostgreSQL server serialise here instead of racing on CREATE TABLE.
 * PGlite runs one process per data directory; the same lock call is harmless there.
 */
import type { Database } from './database';

/** An arbitrary constant shared by every caller: the one lock that guards schema_migrations. */
const MIGRATION_LOCK_KEY = 7_351_248_001;

const CREATE_TABLE = `
  create table if not exists schema_migrations (
    module text not null,
    step integer not null,
    applied_at timestamptz not null default now(),
    primary key (module, step)
  )`;

export interface MigrationReport { module: string; applied: number[] }

export async function migrate(db: Database, module: string, steps: string[]): Promise<MigrationReport> {
  if (module.trim() === '') throw new Error('migrate: module name is empty');
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await tx.query(CREATE_TABLE);
    const done = await tx.query<{ step: number }>('select step from schema_migrations where module = $1', [module]);
    const applied = new Set(done.rows.map((row) => Number(row.step)));
    const report: MigrationReport = { module, applied: [] };
    for (const [step, sql] of steps.entries()) {
      if (applied.has(step)) continue;
      await tx.query(sql);
      await tx.query('insert into schema_migrations (module, step) values ($1, $2)', [module, step]);
      report.applied.push(step);
    }
    return report;
  });
}
