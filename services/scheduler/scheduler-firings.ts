/**
 * The scheduler's own table: one row per deadline instance (kind, stream, due text) it has claimed, fired or is
 * retrying. Claims are leases taken with one conditional upsert, so any number of processes on one PostgreSQL
 * database may poll together: a row is claimed by exactly one of them until it is done or its lease runs out (a
 * process that died mid-handler). No transaction is held while a handler runs (on PGlite the one connection is
 * needed by the handler's own commands). The deadlines themselves stay a pure read model of the events.
 */
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { DeadlineKind } from './deadline-handler';

export interface DueRow { kind: DeadlineKind; streamId: string; entityId: number; dueText: string }
export interface FiringKey { kind: string; streamId: string; dueText: string }

export interface PendingFiring extends FiringKey {
  dueAt: string;
  status: 'due' | 'running' | 'retry';
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
}

export async function migrateSchedulerFirings(db: Database): Promise<void> {
  await migrate(db, 'scheduler', [
    `create table if not exists scheduler_firings (
       kind text not null,
       stream_id text not null,
       due_text text not null,
       status text not null,
       owner text,
       lease_until timestamptz,
       attempts integer not null default 0,
       next_attempt_at timestamptz,
       last_error text,
       finished_at timestamptz,
       primary key (kind, stream_id, due_text)
     )`,
    // how often the deadline was claimed, and by which process it was last finished: the evidence that a lease held
    // across instances (claims = attempts; a deadline fired once was claimed once)
    `alter table scheduler_firings add column if not exists claims integer not null default 0,
       add column if not exists fired_by text`,
  ]);
}

/**
 * Due deadlines of `kinds` (each due `delayMs` after its instant) that are not done, not leased by anyone and not
 * waiting for a retry.
 */
export async function dueDeadlines(
  db: Database, now: Date, kinds: readonly { kind: string; delayMs: number }[], limit: number,
): Promise<DueRow[]> {
  const { rows } = await db.query<{ kind: DeadlineKind; stream_id: string; entity_id: string | number; due_text: string }>(
    `select d.kind, d.stream_id, d.entity_id, d.due_text
       from deadlines d
       join unnest($2::text[], $4::float8[]) as k(kind, delay_ms) on k.kind = d.kind
      where d.due_at <= $1::timestamptz - make_interval(secs => k.delay_ms / 1000.0)
        and not exists (
          select 1 from scheduler_firings f
           where f.kind = d.kind and f.stream_id = d.stream_id and f.due_text = d.due_text
             and (f.status = 'done' or (f.status = 'running' and f.lease_until > $1) or f.next_attempt_at > $1))
      order by d.due_at, d.stream_id
      limit $3`,
    [now.toISOString(), kinds.map((k) => k.kind), limit, kinds.map((k) => k.delayMs)],
  );
  return rows.map((r) => ({ kind: r.kind, streamId: r.stream_id, entityId: Number(r.entity_id), dueText: r.due_text }));
}

/** Takes the lease on one deadline; answers the attempts made so far, or null when another owner has it or it is done. */
export async function claimFiring(db: Database, key: FiringKey, owner: string, now: Date, leaseUntil: Date): Promise<number | null> {
  const { rows } = await db.query<{ attempts: number }>(
    `insert into scheduler_firings as f (kind, stream_id, due_text, status, owner, lease_until, attempts, claims)
     values ($1, $2, $3, 'running', $4, $5, 0, 1)
     on conflict (kind, stream_id, due_text) do update
        set status = 'running', owner = excluded.owner, lease_until = excluded.lease_until, claims = f.claims + 1
      where f.status <> 'done'
        and (f.status <> 'running' or f.lease_until <= $6)
        and (f.next_attempt_at is null or f.next_attempt_at <= $6)
     returning f.attempts`,
    [key.kind, key.streamId, key.dueText, owner, leaseUntil.toISOString(), now.toISOString()],
  );
  return rows[0] ? Number(rows[0].attempts) : null;
}

export async function finishFiring(db: Database, key: FiringKey, owner: string, now: Date, outcome: 'fired' | 'stale'): Promise<void> {
  await db.query(
    `update scheduler_firings
        set status = 'done', owner = null, fired_by = owner, lease_until = null, attempts = attempts + 1, finished_at = $5,
            last_error = case when $6 = 'stale' then 'stale' else null end
      where kind = $1 and stream_id = $2 and due_text = $3 and owner = $4`,
    [key.kind, key.streamId, key.dueText, owner, now.toISOString(), outcome],
  );
}

export async function postponeFiring(db: Database, key: FiringKey, owner: string, nextAttemptAt: Date, error: string): Promise<void> {
  await db.query(
    `update scheduler_firings
        set status = 'retry', owner = null, lease_until = null, attempts = attempts + 1, next_attempt_at = $5, last_error = $6
      where kind = $1 and stream_id = $2 and due_text = $3 and owner = $4`,
    [key.kind, key.streamId, key.dueText, owner, nextAttemptAt.toISOString(), error.slice(0, 500)],
  );
}

/** Forgets firings whose deadline is gone or moved on (the event that made it moot arrived); keeps the table small. */
export async function pruneFirings(db: Database): Promise<number> {
  const { rowCount } = await db.query(
    `delete from scheduler_firings f
      where f.status <> 'running'
        and not exists (select 1 from deadlines d where d.kind = f.kind and d.stream_id = f.stream_id and d.due_text = f.due_text)`,
  );
  return rowCount ?? 0;
}

/** Due deadlines not yet done (for ops and tests): what is waiting, running or retrying, and why. */
export async function pendingFirings(db: Database, now: Date): Promise<PendingFiring[]> {
  const { rows } = await db.query<{
    kind: string; stream_id: string; due_text: string; due_at: Date | string; status: string | null; attempts: number | null;
    next_attempt_at: Date | string | null; last_error: string | null;
  }>(
    `select d.kind, d.stream_id, d.due_text, d.due_at, f.status, f.attempts, f.next_attempt_at, f.last_error
       from deadlines d
       left join scheduler_firings f on f.kind = d.kind and f.stream_id = d.stream_id and f.due_text = d.due_text
      where d.due_at <= $1 and coalesce(f.status, 'due') <> 'done'
      order by d.due_at`,
    [now.toISOString()],
  );
  return rows.map((r) => ({
    kind: r.kind,
    streamId: r.stream_id,
    dueText: r.due_text,
    dueAt: new Date(r.due_at).toISOString(),
    status: (r.status ?? 'due') as PendingFiring['status'],
    attempts: Number(r.attempts ?? 0),
    nextAttemptAt: r.next_attempt_at === null ? null : new Date(r.next_attempt_at).toISOString(),
    lastError: r.last_error,
  }));
}
