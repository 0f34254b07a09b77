/**
 * A scenario's processes crashed after each of their appends in turn (issue 28). A scenario is what a shopper and a
 * merchant do, as moves on the storefront; every process append during those moves is one of its boundaries.
 * 1. Dry run on a plain server with the trace on: the moves, until the process is final; the `[process] <kind>
 *    append` lines printed meanwhile are the boundaries, N per kind (enumerated, never written down here).
 * 2. For each kind traced and k = 1..N: the scenario is prepared on a plain server, which is then stopped (SIGTERM);
 *    a server started with PROCESS_CRASH_AFTER=<kind>:<k> gets the moves until it kills itself (by SIGKILL, having printed its
 *    `[process-crash]` line for append k); a plain server is started again; the move whose answer was lost is never
 *    asked again — the next moves go on from what the store shows, as the shopper's next screen would; within 30 s
 *    the process must be final with no ops command, and the invariants (process-invariants.ts) must hold.
 */
import type { Queryable } from '../../../services/db/database';
import { HttpClient } from '../../bench/buy/http-client';
import { processInvariantProblems, untilInvariantsHold, withoutKnown } from './process-invariants';
import type { ProcessRig } from './process-rig';
import { progress } from './scenario';
import { crashLine, labelShape, PROCESS_KINDS, tracedAppends, type ProcessKind, type TracedAppend } from './process-trace';

export interface Move<C> {
  name: string;
  /** The request(s) of this move on the running server; learns what the answers say into `ctx`. */
  run(client: HttpClient, ctx: C): Promise<void>;
  /**
   * After the server died while this move waited for its answer: waits (bounded) until the store shows what the
   * process it started left for the next move, learning into `ctx` what the lost answer would have said.
   */
  afterLostAnswer(db: Queryable, client: HttpClient, ctx: C): Promise<void>;
}

export interface ProcessScenario<C> {
  /** Short, for the log line (`buy-now`, `refund only`…). */
  name: string;
  title: string;
  /** The kinds its moves must go through (each at least one append); every kind traced is crashed. */
  kinds: readonly ProcessKind[];
  /** On a plain server, before the moves: buyers, goods, orders the moves start from. */
  prepare(db: Queryable, client: HttpClient): Promise<C>;
  moves: readonly Move<C>[];
  /** What is not final yet (the process and the read models the shopper reads), or null once final. */
  pending(db: Queryable, ctx: C): Promise<string | null>;
  /** Checks on the final state beyond the shared invariants (e.g. a refunded order cannot be shipped). */
  finalProblems?(db: Queryable, client: HttpClient, ctx: C): Promise<string[]>;
}

export interface BoundaryResult { kind: ProcessKind; k: number; label: string; problems: string[]; ms: number }
export interface SuiteResult { scenario: string; dryRun: TracedAppend[]; boundaries: BoundaryResult[] }

const FINAL_WITHIN_MS = 30_000;
/** A move the server holds longer than this counts as unanswered (a live server answers each in well under it). */
const MOVE_TIMEOUT_MS = 30_000;
/** Each call answers the ms since the previous one (and when it was taken). */
function stopwatch(): () => { ms: number; since(t: number): number } {
  let last = Date.now();
  return () => {
    const at = Date.now();
    const ms = at - last;
    last = at;
    return { ms, since: (t: number) => at - ms - t };
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the request never reached a server (nothing listened): the move did not happen and may simply be made. */
const neverReached = (error: unknown): boolean =>
  (error as { code?: string })?.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(String((error as Error)?.message ?? error));

async function withClient<T>(url: string, fn: (client: HttpClient) => Promise<T>): Promise<T> {
  const client = new HttpClient(url, 2);
  try {
    return await fn(client);
  } finally {
    client.close();
  }
}

/** The moves from `from` on; answers the index of the move whose answer was lost (and its error), or null. */
async function runMoves<C>(url: string, scenario: ProcessScenario<C>, ctx: C, from: number): Promise<{ at: number; error: unknown } | null> {
  for (let i = from; i < scenario.moves.length; i += 1) {
    try {
      await withClient(url, (client) => {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${MOVE_TIMEOUT_MS / 1000} s`)), MOVE_TIMEOUT_MS);
        });
        return Promise.race([scenario.moves[i].run(client, ctx), timedOut]).finally(() => clearTimeout(timer));
      });
    } catch (error) {
      return { at: i, error };
    }
  }
  return null;
}

async function untilFinal<C>(db: Queryable, scenario: ProcessScenario<C>, ctx: C): Promise<string | null> {
  const deadline = Date.now() + FINAL_WITHIN_MS;
  let pending = await scenario.pending(db, ctx);
  while (pending !== null && Date.now() < deadline) {
    await sleep(250);
    pending = await scenario.pending(db, ctx);
  }
  return pending;
}

/**
 * The scenario final, its own checks, then the shared invariants — less the problems already there before this run
 * (`known`: an earlier boundary's damage is reported once, where it happened, not again at every later one).
 */
async function finalChecks<C>(rig: ProcessRig, db: Queryable, scenario: ProcessScenario<C>, ctx: C, known: readonly string[]): Promise<string[]> {
  const pending = await untilFinal(db, scenario, ctx);
  if (pending !== null) return [`not final ${FINAL_WITHIN_MS / 1000} s after the restart: ${pending}`];
  const own = scenario.finalProblems ? await withClient(rig.url, (client) => scenario.finalProblems!(db, client, ctx)) : [];
  return [...own, ...await untilInvariantsHold(db, known)];
}

/** Step 1: the scenario on a plain server (already running); answers the boundaries its moves went through. */
export async function dryRun<C>(rig: ProcessRig, db: Queryable, scenario: ProcessScenario<C>): Promise<{ appends: TracedAppend[]; problems: string[] }> {
  const ctx = await withClient(rig.url, (client) => scenario.prepare(db, client));
  const known = await processInvariantProblems(db);
  const server = rig.server!;
  const from = server.output().length;
  const lost = await runMoves(rig.url, scenario, ctx, 0);
  if (lost) throw new Error(`dry run: move ${scenario.moves[lost.at].name} failed: ${String(lost.error)}\n${rig.tail()}`);
  const problems = await finalChecks(rig, db, scenario, ctx, known);
  await sleep(500); // an append that trails the final state (e.g. a read-model-only step) is still one of the process's
  return { appends: tracedAppends(server.output().slice(from)), problems };
}

/**
 * Step 2 for one k: starts with a plain server running; ends with a plain server running. The servers to come are
 * spawned ahead (process-rig.ts): the crashing one while the plain one prepares, the plain one while the step runs,
 * and the one crashing at `nextK` while the process is driven to its end.
 */
export async function crashAt<C>(
  rig: ProcessRig, db: Queryable, scenario: ProcessScenario<C>, kind: ProcessKind, k: number, next: Boundary | null,
): Promise<BoundaryResult> {
  const started = Date.now();
  rig.standbyCrashing(kind, k);
  rig.standbyPlain();
  const ctx = await withClient(rig.url, (client) => scenario.prepare(db, client));
  const known = await processInvariantProblems(db);
  const lap = stopwatch();
  await rig.stop();
  const stopped = lap();
  const crashing = await rig.startCrashing(kind, k);
  const ready = lap();
  rig.standbyPlain();
  const lost = await runMoves(rig.url, scenario, ctx, 0);
  // the crash may trail the answers (a step after the last answer): give it a moment before calling it missed
  const status = await rig.untilExited(lost ? 30_000 : 10_000);
  const output = crashing.output();
  const crash = crashLine(output);
  const problems: string[] = [];
  if (status === null) {
    await rig.stop();
    problems.push(`the server never crashed at ${kind} append ${k}: the moves ran through (${tracedAppends(output, kind).length} appends of that kind traced)`);
  } else if (status !== 'SIGKILL') problems.push(`the server exited with ${status}, not by SIGKILL`);
  if (status !== null && (!crash || crash.kind !== kind || crash.n !== k)) {
    problems.push(`no "[process-crash] ${kind} append ${k}" line before it died (saw ${crash ? `${crash.kind} ${crash.n}` : 'none'})`);
  }
  progress(`${scenario.name}, ${kind} ${k}: prepared in ${stopped.since(started)} ms, stopped in ${stopped.ms} ms, crashing server ready in ${ready.ms} ms, `
    + `crashed (${String(status)}) at ${crash?.label ?? '?'} ${lap().ms} ms later; restarting`);
  await rig.startPlain();
  progress(`${scenario.name}, ${kind} ${k}: restarted in ${lap().ms} ms`);
  if (next) rig.standbyCrashing(next.kind, next.k);
  problems.push(...await finishAfterRestart(rig, db, scenario, ctx, lost, known));
  progress(`${scenario.name}, ${kind} ${k}: ${problems.length} problems, ${Date.now() - started} ms`);
  if (problems.length > 0) problems.push(`servers' output:\n${rig.tail()}`);
  return { kind, k, label: crash?.label ?? '?', problems, ms: Date.now() - started };
}

/**
 * On the restarted server: the move whose answer was lost is not asked again (one that never reached the server is
 * simply made); the shopper goes on from what the store shows, then the process must be final and the invariants hold.
 */
async function finishAfterRestart<C>(
  rig: ProcessRig, db: Queryable, scenario: ProcessScenario<C>, ctx: C, lost: { at: number; error: unknown } | null, known: readonly string[],
): Promise<string[]> {
  let next = scenario.moves.length;
  if (lost && neverReached(lost.error)) next = lost.at;
  else if (lost) {
    try {
      await withClient(rig.url, (client) => scenario.moves[lost.at].afterLostAnswer(db, client, ctx));
    } catch (error) {
      return [`after the restart, what move ${scenario.moves[lost.at].name} (answer lost) started did not show: ${String(error)}`,
        ...withoutKnown(await processInvariantProblems(db), known)];
    }
    next = lost.at + 1;
  }
  const after = await runMoves(rig.url, scenario, ctx, next);
  if (after) return [`after the restart, move ${scenario.moves[after.at].name} failed: ${String(after.error)}`,
    ...withoutKnown(await processInvariantProblems(db), known)];
  return finalChecks(rig, db, scenario, ctx, known);
}

interface Boundary { kind: ProcessKind; k: number; traced: TracedAppend }

/** Both steps; the caller asserts on the result and prints it. */
export async function crashEveryBoundary<C>(rig: ProcessRig, db: Queryable, scenario: ProcessScenario<C>): Promise<SuiteResult & { dryProblems: string[] }> {
  const dry = await dryRun(rig, db, scenario);
  progress(`${scenario.name}: dry run traced ${dry.appends.length} appends: ${dry.appends.map((a) => `${a.kind} ${a.n} ${a.label}`).join(', ')}`);
  // per kind, its appends in the order traced: the k-th is the one a server started with <kind>:<k> crashes after
  const all: Boundary[] = PROCESS_KINDS.flatMap((kind) => dry.appends.filter((a) => a.kind === kind).map((traced, i) => ({ kind, k: i + 1, traced })));
  if (all[0]) rig.standbyCrashing(all[0].kind, all[0].k);
  const boundaries: BoundaryResult[] = [];
  for (const [i, boundary] of all.entries()) {
    const result = await crashAt(rig, db, scenario, boundary.kind, boundary.k, all[i + 1] ?? null);
    if (result.label !== '?' && labelShape(result.label) !== labelShape(boundary.traced.label)) {
      console.log(`[crash-suite] ${boundary.kind} boundary ${boundary.k} is "${result.label}" here, "${boundary.traced.label}" in the dry run`);
    }
    boundaries.push(result);
  }
  await rig.dropCrashingStandbys();
  return { scenario: scenario.name, dryRun: dry.appends, boundaries, dryProblems: dry.problems };
}

/** The CI log lines, one per kind: `[crash-suite] <kind>: N boundaries: <labels>; invariants held (<scenario>)`. */
export function reportLines(result: SuiteResult): string[] {
  const kinds = PROCESS_KINDS.filter((kind) => result.boundaries.some((b) => b.kind === kind));
  if (kinds.length === 0) return [`[crash-suite] ${result.scenario}: 0 boundaries traced`];
  return kinds.map((kind) => {
    const mine = result.boundaries.filter((b) => b.kind === kind);
    const labels = mine.map((b) => `${b.k} ${b.label}`).join(', ');
    const broken = mine.filter((b) => b.problems.length > 0);
    const verdict = broken.length === 0 ? 'invariants held' : `invariants broken at ${broken.map((b) => b.k).join(', ')}`;
    return `[crash-suite] ${kind}: ${mine.length} boundaries: ${labels}; ${verdict} (${result.scenario})`;
  });
}
