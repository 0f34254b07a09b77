/**
 * Watches the cluster-wide visibility horizon while a Buy benchmark runs: every read-your-writes wait of the
 * storefront (submit, pay, callback) waits for projections that only see events older than the oldest open
 * transaction anywhere on the server (DESIGN.md §5). A transaction left open by another session makes every wait run
 * to its timeout, so the figures say whether one was open, and for how long, while they were taken.
 */
import type { Queryable } from '../../../services/db/database';
import { fmtMs } from '../stats';

export interface HorizonReport { samples: number; heldSamples: number; oldestMs: number }

const SAMPLE_MS = 500;
/** Older than this counts as holding the horizon back (the storefront's own transactions last milliseconds). */
const HELD_MS = 1000;

export function watchHorizon(db: Queryable): { stop(): Promise<HorizonReport> } {
  const report: HorizonReport = { samples: 0, heldSamples: 0, oldestMs: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await db.query<{ oldest_ms: number | null }>(
        `select (extract(epoch from now() - min(xact_start)) * 1000)::float8 as oldest_ms
         from pg_stat_activity where xact_start is not null and pid <> pg_backend_pid()`).catch(() => ({ rows: [] }));
      const oldest = rows[0]?.oldest_ms ?? 0;
      report.samples += 1;
      if (oldest > HELD_MS) report.heldSamples += 1;
      report.oldestMs = Math.max(report.oldestMs, oldest);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return report;
    },
  };
}

/** One note line for a section. */
export const horizonNote = (what: string, r: HorizonReport): string => (r.heldSamples === 0
  ? `Visibility horizon during ${what}: no transaction on the cluster was open longer than ${fmtMs(HELD_MS)} (${r.samples} samples, every ${SAMPLE_MS} ms).`
  : `Visibility horizon during ${what}: HELD BACK in ${r.heldSamples} of ${r.samples} samples (every ${SAMPLE_MS} ms) by a transaction open up to `
    + `${fmtMs(r.oldestMs)} somewhere on the cluster; read-your-writes waits stall until it ends (up to their 2 s timeout), so these figures are pessimistic.`);
