/**
 * Runs the bill reconciliation once a day in the serving processes (started by services/runtime.ts beside the
 * scheduler): every `checkEveryMs` it looks whether yesterday's bill (Shanghai) is due — WeChat makes it after 09:00
 * and advises fetching after 10:00 — and whether some process already took it. One row per bill date in
 * `payment_reconciliation_runs` is the lease: the first process to insert it runs the day; a run that failed
 * (the bill not ready: STATEMENT_CREATING, the provider unreachable) gives its row back for the next check, and a
 * process that died mid-run leaves a row that another takes over once `leaseMs` has passed. The report is logged.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { shanghaiHour, shanghaiYesterday } from '../shanghai-day';
import { reconcileBill, type ReconcileDeps, type ReconciliationReport } from './reconcile-bill';
import { formatReconciliation } from './reconciliation.format';

export interface DailyReconciliationOptions extends ReconcileDeps {
  db: Database;
  clock: () => Date;
  log: (line: string) => void;
  /** How often to look whether the day is due (default 10 minutes; 0: never by itself, only `runDue`). */
  checkEveryMs?: number;
  /** The Shanghai hour from which yesterday's bill is fetched (default 10). */
  readyHour?: number;
  /** How long a started run holds the day before another process may take it over (default 15 minutes). */
  leaseMs?: number;
}

export interface DailyReconciliation {
  /** One check: the report when this process ran the day now, else null (not due, or already taken). */
  runDue(now?: Date): Promise<ReconciliationReport | null>;
  stop(): Promise<void>;
}

export async function startDailyReconciliation(options: DailyReconciliationOptions): Promise<DailyReconciliation> {
  const { db, clock, log } = options;
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  await migrate(db, 'payment-reconciliation', [
    `create table if not exists payment_reconciliation_runs (
       bill_date text primary key,
       owner text not null,
       started_at timestamptz not null,
       finished_at timestamptz,
       differences integer
     )`,
  ]);

  async function runDue(now: Date = clock()): Promise<ReconciliationReport | null> {
    if (shanghaiHour(now) < (options.readyHour ?? 10)) return null;
    const billDate = shanghaiYesterday(now);
    const staleBefore = new Date(now.getTime() - (options.leaseMs ?? 15 * 60_000));
    const { rows } = await db.query(
      `insert into payment_reconciliation_runs (bill_date, owner, started_at) values ($1, $2, $3)
       on conflict (bill_date) do update set owner = excluded.owner, started_at = excluded.started_at
         where payment_reconciliation_runs.finished_at is null and payment_reconciliation_runs.started_at < $4
       returning bill_date`,
      [billDate, owner, now.toISOString(), staleBefore.toISOString()],
    );
    if (rows.length === 0) return null;
    try {
      const report = await reconcileBill(options, billDate);
      await db.query(`update payment_reconciliation_runs set finished_at = $3, differences = $4 where bill_date = $1 and owner = $2`,
        [billDate, owner, clock().toISOString(), report.differences.length]);
      log(`[payments] daily reconciliation\n${formatReconciliation(report)}`);
      return report;
    } catch (error) {
      await db.query(`delete from payment_reconciliation_runs where bill_date = $1 and owner = $2`, [billDate, owner]);
      throw error;
    }
  }

  let running: Promise<unknown> = Promise.resolve();
  const everyMs = options.checkEveryMs ?? 10 * 60_000;
  const timer = everyMs > 0 ? setInterval(() => {
    running = running.then(() => runDue()).catch((error: unknown) =>
      log(`[payments] daily reconciliation not done (${error instanceof Error ? error.message : String(error)}); trying again later`));
  }, everyMs) : null;
  timer?.unref?.();
  return {
    runDue,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
