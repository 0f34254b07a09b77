/**
 * Every append a process makes is a boundary where a crash may cut it (issue 28: "crash the process after each of its
 * appends in turn — every append boundary, enumerated from the process's own steps"). The process mechanism calls
 * `crossedBoundary` once per append it committed (a step on any stream, a multi-stream append counted once, a step
 * answered from its stream not at all), so the boundaries are the process's own steps, never a hand-picked list.
 *
 * - `PROCESS_TRACE=1` prints `[process] <kind> append <n> <label>` for each (n counts that kind's appends since this
 *   server started): a dry run enumerates a scenario's boundaries.
 * - `PROCESS_CRASH_AFTER=<kind>:<n>` kills this server with SIGKILL right after the n-th append of that kind committed,
 *   having printed `[process-crash] …`: the crash-injection suite (tests/fault/process-crash.test.ts) restarts it and
 *   holds the resumer to finishing every process.
 * Read once from the environment; without either variable this is a counter increment per append.
 */
export const PROCESS_KINDS = ['checkout', 'payment', 'after-sale', 'collage', 'order-close'] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];

interface CrashPoint { kind: ProcessKind; after: number }

function crashPointOf(text: string | undefined): CrashPoint | null {
  const m = /^([a-z-]+):(\d+)$/.exec(text ?? '');
  if (!m || !(PROCESS_KINDS as readonly string[]).includes(m[1])) return null;
  return { kind: m[1] as ProcessKind, after: Number(m[2]) };
}

const trace = process.env.PROCESS_TRACE === '1';
const crashPoint = crashPointOf(process.env.PROCESS_CRASH_AFTER);
const counts = new Map<ProcessKind, number>();

export function crossedBoundary(kind: ProcessKind, label: string): void {
  const n = (counts.get(kind) ?? 0) + 1;
  counts.set(kind, n);
  if (trace) process.stdout.write(`[process] ${kind} append ${n} ${label}\n`);
  if (crashPoint && crashPoint.kind === kind && crashPoint.after === n) {
    process.stdout.write(`[process-crash] ${kind} append ${n} ${label}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
}

/** Appends made by processes of `kind` in this server so far (health and tests). */
export const boundariesCrossed = (kind: ProcessKind): number => counts.get(kind) ?? 0;
