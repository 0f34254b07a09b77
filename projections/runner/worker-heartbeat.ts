/**
 * Heartbeats of the processes that run projections (DESIGN.md §2: `npm run projections` workers). Each writes its
 * row every few seconds with what its runners and forwarder report, and removes it when it stops cleanly; an API
 * process whose projections run elsewhere reads the rows for health: no fresh row means no worker is projecting,
 * and a worker's own view (a failed runner, a stuck forwarder) reaches the API that way.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../services/db/database';
import { errorFields, type Log } from '../../services/feed/log';

export const HEARTBEAT_EVERY_MS = 5000;
/** A worker silent this long is taken for dead (four missed beats). */
export const HEARTBEAT_STALE_MS = 20_000;

export interface WorkerHeartbeat {
  id: string;
  pid: number;
  host: string;
  startedAt: string;
  beatAt: string;
  ageMs: number;
  stale: boolean;
  /** What the worker reported: its runners' states and its forwarder's status. */
  status: WorkerReport;
}

export interface WorkerReport {
  runners?: Array<{ name: string; state: string; lastError: string | null }>;
  forwarder?: { lastError: string | null; stuckSince: string | null; position: string | null } | null;
}

export interface Heartbeat {
  /** Writes the row now (a runner changed state), besides the regular beat. */
  beat(): void;
  stop(): Promise<void>;
}

export function startHeartbeat(db: Database, log: Log, report: () => WorkerReport, everyMs = HEARTBEAT_EVERY_MS): Heartbeat {
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let beating: Promise<void> = Promise.resolve();
  let stopped = false;
  const beat = () => {
    if (stopped) return;
    beating = beating.then(() => db.query(
      `insert into projection_workers (id, pid, host, status) values ($1, $2, $3, $4::jsonb)
       on conflict (id) do update set beat_at = now(), status = excluded.status`,
      [id, process.pid, hostname(), JSON.stringify(report())],
    )).then(() => undefined, (error: unknown) => log.warn(errorFields(error), 'projection worker heartbeat not written'));
  };
  beat();
  const timer = setInterval(beat, everyMs);
  timer.unref?.();
  return {
    beat,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await beating;
      await db.query('delete from projection_workers where id = $1', [id]).catch(() => undefined);
    },
  };
}

export async function readHeartbeats(db: Database, staleMs = HEARTBEAT_STALE_MS): Promise<WorkerHeartbeat[]> {
  const { rows } = await db.query<{ id: string; pid: number; host: string; started_at: Date; beat_at: Date; age_ms: number; status: WorkerReport }>(
    `select id, pid, host, started_at, beat_at, (extract(epoch from (now() - beat_at)) * 1000)::int as age_ms, status
     from projection_workers where beat_at > now() - interval '1 day' order by beat_at desc`);
  return rows.map((row) => ({
    id: row.id, pid: Number(row.pid), host: row.host, startedAt: new Date(row.started_at).toISOString(),
    beatAt: new Date(row.beat_at).toISOString(), ageMs: Number(row.age_ms), stale: Number(row.age_ms) > staleMs,
    status: row.status ?? {},
  }));
}
