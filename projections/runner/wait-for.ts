/**
 * Read-your-writes (DESIGN.md §4, §6): after a command appended, wait (bounded, default 2000 ms) until every
 * projection that handles one of the appended event types has applied the appended (stream, revision). The
 * revision guard is the witness, so this holds for the ordered catch-up feed and for Kafka's per-partition order
 * alike. Woken in process by the runner's notices; across processes by LISTEN on the batch commits, with a
 * slow recheck in case a notification was lost. Resolves false on timeout; never throws.
 *
 * The first look, for batches committed before the wait began, asks the database only about projections whose
 * runner is not here on the catch-up feed: for those that are, the position the runner has reached
 * (AppliedEvents.reachedBy) answers — at or past the appended events: applied; short of them: the notice is still
 * to come. (When a runner in another process applied them first, the recheck below finds it.)
 */
import type { Database } from '../../services/db/database';
import { comparePositions, type LogPosition, type RecordedEvent } from '../../services/event-store/event-store.port';
import type { AppliedEvents, AppliedNotice } from './applied-events';
import { readLive } from './generations';
import type { PgListener } from './pg-listener';
import { generationSchema, guardTable, type Projection } from './projection';
import { EVENTS_APPENDED_CHANNEL, PROJECTION_APPLIED_CHANNEL } from './runner-tables';

/** What a wait needs of a written event: a session's remembered position carries just this (session-store.ts). */
export type WrittenEvent = Pick<RecordedEvent, 'streamId' | 'revision' | 'type' | 'position'>;

/** What a command appended: an AppendResult (or anything with its events), or the recorded events. */
export type Appended = { readonly events: readonly WrittenEvent[] } | readonly WrittenEvent[];

export interface WaitForOptions {
  /** Default 2000. */
  timeoutMs?: number;
  /** Only these projections (default: every projection that handles an appended type). */
  projections?: readonly string[];
}

export type WaitFor = (appended: Appended, options?: WaitForOptions) => Promise<boolean>;

export interface WaiterDeps {
  db: Database;
  projections: readonly Projection[];
  /** The in-process runners' notices, when runners run here. */
  applied?: AppliedEvents;
  /** LISTEN connection (PostgreSQL), when runners may run in other processes. */
  listener?: PgListener | null;
  /** Wakes this process's idle feeds. */
  poke?: () => void;
  /** Recheck interval when notices may come from elsewhere or not at all (default 500 ms). */
  recheckMs?: number;
}

type Pending = Map<string, Map<string, number>>;

export function createWaitFor(deps: WaiterDeps): WaitFor {
  const { db, listener } = deps;
  return async (appended, options = {}) => {
    const events = isEventList(appended) ? appended : appended.events;
    const pending = targets(events, deps.projections, options.projections);
    if (pending.size === 0) return true;
    const lastPositions = new Map([...pending.keys()].map((name) => [name, lastPosition(events, name, deps.projections)]));
    const passed = (name: string, reached: LogPosition) => comparePositions(lastPositions.get(name) as LogPosition, reached) <= 0;
    const unknown = [...pending.keys()].filter((name) => {
      const reached = deps.applied?.reachedBy(name);
      if (!reached) return true;
      if (passed(name, reached)) pending.delete(name);
      return false;
    });
    if (pending.size === 0) return true;
    deps.poke?.();
    // runners in other processes hear of the append this way; when every awaited projection runs here, poke was enough
    if (db.kind === 'postgres' && unknown.length > 0) {
      void db.query(`select pg_notify('${EVENTS_APPENDED_CHANNEL}', '')`).catch(() => undefined);
    }

    return new Promise<boolean>((resolve) => {
      const cleanups: (() => void)[] = [];
      let settled = false;
      const finish = (reached: boolean) => {
        if (settled) return;
        settled = true;
        for (const cleanup of cleanups) cleanup();
        resolve(reached);
      };
      const satisfy = (name: string, applied: ReadonlyMap<string, number>) => {
        const wanted = pending.get(name);
        if (!wanted) return;
        for (const [stream, revision] of wanted) if ((applied.get(stream) ?? -1) >= revision) wanted.delete(stream);
        if (wanted.size === 0) pending.delete(name);
        if (pending.size === 0) finish(true);
      };
      const check = async (names: readonly string[]) => {
        for (const name of names) {
          const wanted = pending.get(name);
          if (!wanted || settled) continue;
          const applied = await readGuard(db, name, [...wanted.keys()]).catch(() => null);
          if (applied) satisfy(name, applied);
        }
      };
      const checkAll = () => void check([...pending.keys()]);

      if (deps.applied) {
        cleanups.push(deps.applied.on((notice: AppliedNotice) => {
          if (notice.streams) satisfy(notice.projection, notice.streams);
          else if (pending.has(notice.projection)) void check([notice.projection]);
        }));
        cleanups.push(deps.applied.onReached((name, reached) => {
          if (!pending.has(name) || !passed(name, reached)) return;
          pending.delete(name);
          if (pending.size === 0) finish(true);
        }));
      }
      if (listener) {
        cleanups.push(listener.on(PROJECTION_APPLIED_CHANNEL, (name) => {
          if (name === null) checkAll();
          else if (pending.has(name)) void check([name]);
        }));
      }
      if (listener || !deps.applied) {
        // a lost notification, or no notice source at all: look again now and then
        const interval = setInterval(checkAll, deps.recheckMs ?? 500);
        cleanups.push(() => clearInterval(interval));
      }
      const timer = setTimeout(() => finish(false), options.timeoutMs ?? 2000);
      cleanups.push(() => clearTimeout(timer));
      void check(unknown); // after subscribing, so a batch committed in between is not missed
    });
  };
}

/** The log position of the last of `events` that projection `name` handles. */
function lastPosition(events: readonly WrittenEvent[], name: string, projections: readonly Projection[]): LogPosition {
  const handles = projections.find((p) => p.name === name)?.handles ?? [];
  let last: LogPosition | null = null;
  for (const event of events) {
    if (handles.includes(event.type) && (!last || comparePositions(event.position, last) > 0)) last = event.position;
  }
  return last as LogPosition; // name came from targets(): it handles at least one of the events
}

const isEventList = (appended: Appended): appended is readonly WrittenEvent[] => Array.isArray(appended);

function targets(events: readonly WrittenEvent[], projections: readonly Projection[], only?: readonly string[]): Pending {
  const pending: Pending = new Map();
  for (const projection of projections) {
    if (only && !only.includes(projection.name)) continue;
    for (const event of events) {
      if (!projection.handles.includes(event.type)) continue;
      const wanted = pending.get(projection.name) ?? new Map<string, number>();
      wanted.set(event.streamId, Math.max(event.revision, wanted.get(event.streamId) ?? -1));
      pending.set(projection.name, wanted);
    }
  }
  return pending;
}

async function readGuard(db: Database, name: string, streams: string[]): Promise<Map<string, number>> {
  const live = await readLive(db, name);
  if (!live) return new Map();
  const { rows } = await db.query<{ stream_id: string; revision: number }>(
    `select stream_id, revision from ${guardTable(generationSchema(name, live.generation))} where stream_id = any($1::text[])`,
    [streams]);
  return new Map(rows.map((row) => [row.stream_id, Number(row.revision)]));
}
