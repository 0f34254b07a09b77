/**
 * Polls `GET /api/health` (readiness) while a scenario runs, so the checker can say whether health reported the fault
 * while it lasted and how long recovery took. Each sample keeps when it was taken, the HTTP status (0 = nothing
 * answered) and the problems the answer named (issue 10: data.problems, e.g. ['kafka', 'worker', 'database']).
 */
import { readHealth } from './server-process';

export interface HealthSample { at: number; doneAt: number; status: number; state: string | null; problems: string[]; maxLag: number }

export class HealthWatch {
  readonly samples: HealthSample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(private readonly url: () => string, private readonly everyMs = 250) {}

  start(): this {
    this.timer = setInterval(() => void this.sample(), this.everyMs);
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const at = Date.now();
      const answer = await readHealth(this.url());
      const data = answer.body?.data;
      const maxLag = Math.max(0, ...(data?.projections ?? []).map((p) => p.lag ?? 0));
      this.samples.push({ at, doneAt: Date.now(), status: answer.status, state: data?.status ?? null, problems: data?.problems ?? [], maxLag });
    } finally {
      this.busy = false;
    }
  }

  between(from: number, to: number): HealthSample[] {
    return this.samples.filter((s) => s.at >= from && s.at <= to);
  }

  /**
   * Whether, between `from` and `to`, health answered 503 'degraded' naming `problem` (or, for a fault that takes
   * the API itself down, `problem` 'unreachable': nothing answered). With `problem` null: whether it answered 200
   * throughout (a fault that must not touch this server).
   */
  reported(problem: string | null, from: number, to: number): boolean {
    if (problem === null) {
      const samples = this.between(from, to);
      return samples.length > 0 && samples.every((s) => s.status === 200);
    }
    if (problem === 'answered') {
      // every request in flight at some time of the window (a loaded machine may answer one slower than the window
      // lasts, so none would start inside it)
      const samples = this.samples.filter((s) => s.at <= to && s.doneAt >= from);
      return samples.length > 0 && samples.every((s) => s.status !== 0);
    }
    return this.between(from, to).some((s) => (problem === 'unreachable'
      ? s.status === 0
      : s.status === 503 && s.state === 'degraded' && s.problems.some((p) => p === problem || p.startsWith(`${problem}:`))));
  }

  /** When health first reported `problem` at or after `from` (null: not seen). */
  reportedAt(problem: string, from: number): number | null {
    return this.samples.find((s) => s.at >= from && this.reported(problem, s.at, s.at))?.at ?? null;
  }

  /** Waits (at most `maxMs`) until health has reported `problem` since `from`; a fault is held until it is seen. */
  async untilReported(problem: string, from: number, maxMs: number): Promise<void> {
    const deadline = Date.now() + maxMs;
    while (this.reportedAt(problem, from) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  }

  /** What health said between `from` and `to`, compressed to runs (for the failure message). */
  describe(from: number, to: number): string {
    const runs: string[] = [];
    for (const s of this.between(from, to)) {
      const text = `${s.status} ${s.state ?? '-'}${s.problems.length ? ` [${s.problems.join(',')}]` : ''}${s.maxLag > 0 ? ' lagging' : ''}`;
      if (runs[runs.length - 1] !== text) runs.push(text);
    }
    return runs.join(' → ') || 'no samples';
  }

  /** First time at or after `from` health answered 200 'up' with every projection caught up (null: not yet). */
  upAgainAt(from: number): number | null {
    return this.samples.find((s) => s.at >= from && s.status === 200 && s.state === 'up' && s.maxLag === 0)?.at ?? null;
  }
}
