/**
 * The durable deadline scheduler (DESIGN.md §4). Deadlines are a read model of the events (projections/deadlines),
 * so nothing is lost across restarts or rebuilds: a process that starts polls what is due and fires it.
 *
 *   const scheduler = await createScheduler({ db, clock, log });      // runtime.scheduler
 *   scheduler.registerDeadlineHandler('close-unpaid-order', async (d) => { ...CloseUnpaidOrder on d.streamId... });
 *   scheduler.start();                                                // polls every pollMs (runtime does this)
 *   await scheduler.tick(now);                                        // one pass with an explicit clock (tests)
 *   await scheduler.stop();
 *
 * Per due deadline: claim it (scheduler-firings.ts), call its kind's handler, then mark it done — also when the
 * domain rejects the command as stale (400001 订单状态已变更, 600003 拼单状态已变更, 300010) — or schedule a retry
 * with doubling backoff for any other failure. One deadline never runs twice at the same time: an in-memory
 * in-flight set within a process, a lease row across processes (scheduler-firings.ts: a conditional upsert rather
 * than `for update skip locked`, so no transaction stays open while the handler runs its own commands). A handler
 * should finish well within the lease (60 s) and pass `commandId` to handleCommand: a deadline whose process died
 * mid-handler is fired again by another once the lease runs out. Kinds without a handler are left for a process
 * that has one. A deadline instance is fired once; if its event re-arms it with a new instant it fires again then.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { deadlineCommandId, isStaleDeadlineError, type DeadlineHandler, type DeadlineKind } from './deadline-handler';
import {
  claimFiring, dueDeadlines, finishFiring, migrateSchedulerFirings, pendingFirings, postponeFiring, pruneFirings,
  type DueRow, type PendingFiring,
} from './scheduler-firings';

/** How long stop() waits for a pass in progress. */
const STOP_WAIT_MS = 10_000;

export interface SchedulerOptions {
  db: Database;
  clock: () => Date;
  log?: (line: string) => void;
  /** Poll interval of `start()` (default 1000 ms). */
  pollMs?: number;
  /** How long a claim holds before another process may take the deadline over (default 60 s). */
  leaseMs?: number;
  /** First retry delay, doubled per failure up to maxRetryMs (defaults 5 s and 5 min). */
  retryMs?: number;
  maxRetryMs?: number;
  /** Per kind, how long after its due time a deadline fires (the resumer's `resume-process`: PROCESS_RESUME_AFTER_MS). */
  delays?: Partial<Record<DeadlineKind, number>>;
  /** Deadlines per pass (default 100). */
  batchSize?: number;
}

export interface TickReport { fired: number; stale: number; failed: number }

export interface Scheduler {
  registerDeadlineHandler(kind: DeadlineKind, handler: DeadlineHandler): void;
  tick(now?: Date): Promise<TickReport>;
  start(): void;
  stop(): Promise<void>;
  /** Due deadlines not done yet, with their attempts and last error. */
  pending(now?: Date): Promise<PendingFiring[]>;
}

export async function createScheduler(options: SchedulerOptions): Promise<Scheduler> {
  const { db, clock } = options;
  const log = options.log ?? (() => undefined);
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const retryMs = options.retryMs ?? 5000;
  const maxRetryMs = options.maxRetryMs ?? 300_000;
  const batchSize = options.batchSize ?? 100;
  // the process's name in scheduler_firings (owner while it holds a lease, fired_by once it finished): pid + random
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const handlers = new Map<DeadlineKind, DeadlineHandler>();
  const inFlight = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  await migrateSchedulerFirings(db);

  const retryDelay = (attempts: number) => Math.min(maxRetryMs, retryMs * 2 ** Math.max(0, attempts - 1));

  async function fire(row: DueRow, now: Date, report: TickReport): Promise<void> {
    const key = { kind: row.kind, streamId: row.streamId, dueText: row.dueText };
    const flightKey = `${row.kind}|${row.streamId}|${row.dueText}`;
    const handler = handlers.get(row.kind);
    if (!handler || inFlight.has(flightKey)) return;
    inFlight.add(flightKey);
    try {
      const before = await claimFiring(db, key, owner, now, new Date(now.getTime() + leaseMs));
      if (before === null) return;
      const attempt = before + 1;
      try {
        await handler({
          kind: row.kind, streamId: row.streamId, entityId: row.entityId, dueAt: row.dueText, attempt,
          commandId: deadlineCommandId(row.kind, row.streamId, row.dueText),
        });
        await finishFiring(db, key, owner, clock(), 'fired');
        report.fired += 1;
      } catch (error) {
        if (isStaleDeadlineError(error)) {
          await finishFiring(db, key, owner, clock(), 'stale');
          report.stale += 1;
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        const delay = retryDelay(attempt);
        await postponeFiring(db, key, owner, new Date(now.getTime() + delay), message);
        report.failed += 1;
        log(`[scheduler] ${row.kind} ${row.streamId} (due ${row.dueText}) failed, attempt ${attempt}; retry in ${delay} ms: ${message}`);
      }
    } finally {
      inFlight.delete(flightKey);
    }
  }

  async function tick(now: Date = clock()): Promise<TickReport> {
    const report: TickReport = { fired: 0, stale: 0, failed: 0 };
    if (handlers.size === 0) return report;
    const kinds = [...handlers.keys()];
    for (const row of await dueDeadlines(db, now, kinds.map((kind) => ({ kind, delayMs: options.delays?.[kind] ?? 0 })), batchSize)) {
      await fire(row, now, report);
    }
    if (report.fired + report.stale > 0) await pruneFirings(db);
    return report;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => log(`[scheduler] poll failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          running = null;
          schedule();
        });
    }, pollMs);
    timer.unref();
  }

  return {
    registerDeadlineHandler(kind, handler) {
      if (handlers.has(kind)) throw new Error(`a deadline handler for ${kind} is already registered`);
      handlers.set(kind, handler);
    },
    tick,
    start() {
      if (timer || stopped) return;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // a handler that hangs must not hang the shutdown: its lease runs out and another process takes over
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
    pending: (now = clock()) => pendingFirings(db, now),
  };
}
