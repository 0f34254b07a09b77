/**
 * The switch's view swap (DESIGN.md §6), without deadlocking readers. Dropping a view takes an ACCESS EXCLUSIVE lock
 * on it, which waits for every transaction reading it. Dropped one by one, a reader that held view b and then asked
 * for view a (held by the switch, itself waiting for b) closed a cycle, and PostgreSQL's deadlock check ended the
 * reader with 40P01: 2–3 shoppers' 500 per rebuild under load (issue 28).
 *
 * So the switch takes every view it replaces in ONE statement (a single `drop view a, b, c`, in name order) under a
 * statement timeout shorter than the server's deadlock_timeout, inside a savepoint. A reader can only start waiting
 * for the switch after that statement began, and the deadlock check runs deadlock_timeout after a wait began: the
 * statement has ended by then — with every lock, or cancelled, its locks released by the rollback to the savepoint,
 * so the reader goes on. The switch then waits a moment and tries again; the rest of its transaction (the gate's
 * catch-ups and comparison) is kept.
 */
import type pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';

/** Give up (the rebuild fails, nothing switched, no reader harmed) when readers kept the views this long. */
const SWITCH_GIVE_UP_MS = 60_000;

/**
 * A try's wait is capped: readers that arrive meanwhile queue behind it, and a reader already holding another view
 * that queues there makes the try fail anyway, so a long wait only delays shoppers. The contract test's four
 * multi-view readers: at half a second per try a switch took up to 30 tries (one rebuild in six gave up after 30 s);
 * at 100 ms, 1 to 24 tries, 15 s for six rebuilds.
 */
const LOCK_BUDGET_MAX_MS = 100;

/** SQLSTATEs of a try that met readers: statement or lock timeout, or a deadlock it was chosen for. */
const MET_READERS = new Set(['57014', '55P03', '40P01']);

/**
 * Points the public views named `tables` at `schema` in the caller's transaction: every existing one dropped in one
 * timed statement (retried while readers hold them), then each created again over the new generation.
 */
export async function switchViews(tx: pg.PoolClient, tables: readonly string[], schema: string): Promise<void> {
  const views = [...tables].sort().map((table) => `public.${table}`);
  const budgetMs = await lockBudgetMs(tx);
  const { rows: [{ saved }] } = await tx.query<{ saved: string }>(`select current_setting('statement_timeout') as saved`);
  const giveUpAt = Date.now() + SWITCH_GIVE_UP_MS;
  for (let attempt = 1; ; attempt += 1) {
    await tx.query('savepoint switch_views');
    try {
      await tx.query(`select set_config('statement_timeout', $1, true)`, [`${budgetMs}ms`]);
      await tx.query(`drop view if exists ${views.join(', ')}`);
      await tx.query(`select set_config('statement_timeout', $1, true)`, [saved]);
      await tx.query('release savepoint switch_views');
      break;
    } catch (error) {
      await tx.query('rollback to savepoint switch_views');
      await tx.query('release savepoint switch_views');
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !MET_READERS.has(code)) throw error;
      if (Date.now() >= giveUpAt) {
        throw new Error(`the switch to ${schema} could not take its views (${views.join(', ')}) in ${attempt} tries over ` +
          `${SWITCH_GIVE_UP_MS / 1000} s: readers kept holding them`, { cause: error });
      }
      // readers holding a view finish their transaction meanwhile; spread, so the next try does not meet them in step
      await sleep(Math.random() * budgetMs);
    }
  }
  // drop + create, not "create or replace": a new version may change the columns
  for (const table of tables) await tx.query(`create view public.${table} as select * from ${schema}.${table}`);
}

/**
 * How long the one statement may wait for the views: at most half the server's deadlock_timeout (1 s by default), so
 * it has ended well before a reader waiting behind it checks for a deadlock.
 */
async function lockBudgetMs(tx: pg.PoolClient): Promise<number> {
  const { rows: [{ ms }] } = await tx.query<{ ms: string }>(
    `select setting as ms from pg_settings where name = 'deadlock_timeout'`);
  return Math.min(LOCK_BUDGET_MAX_MS, Math.max(5, Math.floor(Number(ms) / 2)));
}
