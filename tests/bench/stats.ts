/**
 * Numbers and tables of the bench: nearest-rank percentiles, rates, ratios and markdown tables. Every figure is
 * printed next to a baseline measured in the same run, so the ratio (not the absolute number) is the claim.
 */

export interface LatencySummary { count: number; p50: number; p95: number; p99: number; max: number; mean: number }

/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1] : Number.NaN,
    mean: sorted.length > 0 ? total / sorted.length : Number.NaN,
  };
}

/** Items per second. */
export const perSecond = (count: number, ms: number): number => (ms <= 0 ? Number.NaN : (count * 1000) / ms);

export const now = (): number => performance.now();

export interface LoadResult { count: number; ms: number; rate: number; latency: LatencySummary; samples: number[] }

const loadResult = (samples: number[], ms: number): LoadResult =>
  ({ count: samples.length, ms, rate: perSecond(samples.length, ms), latency: summarise(samples), samples });

/** Rounds of one measurement taken in turns with its baseline: their operations and time added up. */
export const combineLoads = (results: readonly LoadResult[]): LoadResult =>
  loadResult(results.flatMap((r) => r.samples), results.reduce((ms, r) => ms + r.ms, 0));

/**
 * Runs `total` operations with `inFlight` workers pulling the next index; each worker is told its own number and
 * how many operations it has done, so it can keep its own streams and revisions. Latency is per operation.
 */
export async function runLoad(
  total: number, inFlight: number, operation: (worker: number, nth: number) => Promise<void>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = now();
  await Promise.all(Array.from({ length: inFlight }, async (_, worker) => {
    for (let nth = 0; next < total; nth += 1) {
      next += 1;
      const t0 = now();
      await operation(worker, nth);
      latencies.push(now() - t0);
    }
  }));
  return loadResult(latencies, now() - started);
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const fmtCount = (n: number): string => (Number.isFinite(n) ? grouped.format(n) : 'n/a');
export const fmtRate = (n: number): string => (Number.isFinite(n) ? `${grouped.format(n)}/s` : 'n/a');
export const fmtMs = (n: number): string => {
  if (!Number.isFinite(n)) return 'n/a';
  return n < 10 ? `${n.toFixed(2)} ms` : n < 100 ? `${n.toFixed(1)} ms` : `${grouped.format(n)} ms`;
};
export const fmtLatency = (l: LatencySummary): string => `${fmtMs(l.p50)} / ${fmtMs(l.p95)} / ${fmtMs(l.p99)}`;

/** ours / baseline, e.g. "0.82×". */
export const fmtRatio = (ours: number, baseline: number): string =>
  Number.isFinite(ours) && Number.isFinite(baseline) && baseline > 0 ? `${(ours / baseline).toFixed(2)}×` : 'n/a';

/** The target cell: "met (≥ 0.60×)" or "MISSED (≥ 0.60×)". */
export const verdict = (met: boolean, target: string): string => `${met ? 'met' : 'MISSED'} (${target})`;

export interface Table { headers: string[]; rows: string[][] }

export function renderTable(table: Table): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const lines = [
    `| ${table.headers.map(escape).join(' | ')} |`,
    `|${table.headers.map(() => '---').join('|')}|`,
    ...table.rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** What a scenario hands back to run.ts: a titled section of tables and notes (findings, plans, caveats). */
export interface Section { title: string; tables: Table[]; notes: string[] }

export function renderSection(section: Section): string {
  const parts = [`## ${section.title}`, ...section.tables.map(renderTable)];
  if (section.notes.length > 0) parts.push(section.notes.map((note) => `- ${note}`).join('\n'));
  return parts.join('\n\n');
}

/** Progress lines go to stderr, so stdout holds only the report. */
export const progress = (line: string): void => {
  process.stderr.write(`[bench] ${line}\n`);
};
