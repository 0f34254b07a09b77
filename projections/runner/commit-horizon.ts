/**
 * The commit horizon (DESIGN.md §5): readers of the global log see only events whose transaction is older than the
 * cluster's oldest running one, so a long transaction in ANY database of the PostgreSQL cluster holds back every
 * projection and the forwarder, silently. This finds that transaction (pg_stat_activity: the backend with the
 * oldest assigned transaction id) for health, and logs a warning while one is held open past a threshold.
 * PGlite has one session, whose transactions end before anyone reads: nothing to report there.
 */
import type { Database } from '../../services/db/database';
import { errorFields, type Log } from '../../services/feed/log';

/** Older than this, an open transaction is reported as holding back the feed (health, warning). */
export const HORIZON_WARN_MS = 10_000;

export interface OpenTransaction {
  /** The backend holding it (pg_terminate_backend(pid) ends it). */
  pid: number;
  database: string | null;
  user: string | null;
  state: string | null;
  /** Since its transaction began. */
  ageMs: number;
  xactStart: string;
  /** The start of its current or last statement. */
  query: string;
}

export async function oldestOpenTransaction(db: Database): Promise<OpenTransaction | null> {
  if (db.kind !== 'postgres') return null;
  const { rows } = await db.query<{
    pid: number; datname: string | null; usename: string | null; state: string | null; age_ms: number; xact_start: Date; query: string | null;
  }>(
    `select pid, datname, usename, state, (extract(epoch from (now() - xact_start)) * 1000)::bigint::int as age_ms,
            xact_start, left(query, 200) as query
     from pg_stat_activity
     where backend_xid is not null and pid <> pg_backend_pid() and xact_start is not null
     order by age(backend_xid) desc
     limit 1`);
  const row = rows[0];
  if (!row) return null;
  return {
    pid: Number(row.pid), database: row.datname, user: row.usename, state: row.state, ageMs: Number(row.age_ms),
    xactStart: new Date(row.xact_start).toISOString(), query: row.query ?? '',
  };
}

export interface HorizonWatch { stop(): void }

/** Looks every `everyMs` and warns (once per holder, then every minute) while a transaction is older than `thresholdMs`. */
export function watchCommitHorizon(db: Database, log: Log, thresholdMs = HORIZON_WARN_MS, everyMs = 5000): HorizonWatch {
  if (db.kind !== 'postgres') return { stop: () => undefined };
  const warned = new Map<number, number>();
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      const open = await oldestOpenTransaction(db);
      if (open && open.ageMs > thresholdMs) {
        const last = warned.get(open.pid) ?? 0;
        if (Date.now() - last > 60_000) {
          warned.set(open.pid, Date.now());
          log.warn({ ...open }, 'an open transaction holds back the global log: projections and the forwarder see no newer event until it ends');
        }
      } else {
        warned.clear();
      }
    } catch (error) {
      log.warn(errorFields(error), 'commit horizon not checked');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void look(), everyMs);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
