/**
 * A tiny projection for the runner and feed tests: a counter per stream, deliberately NOT idempotent by itself
 * (`events = events + 1`), so only the runner's revision guard stands between a redelivery and a wrong count.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../../services/db/database';
import type { EventStore, NewEvent, RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../../projections/runner/projection';

export const COUNTED = 'CounterBumped';
export const IGNORED = 'CounterIgnored';

export interface CounterOptions {
  name: string;
  version?: number;
  /** Set-based applyBatch instead of per-event apply. */
  batched?: boolean;
  /** Throws when applying an event this returns true for (a failure thrown mid-batch). */
  failOn?: (event: RecordedEvent) => boolean;
}

export const uniqueName = (prefix: string): string => `${prefix}_${randomBytes(3).toString('hex')}`;
export const countsTable = (name: string): string => `${name}_counts`;

export function counterProjection(options: CounterOptions): Projection {
  const table = countsTable(options.name);
  // tests share one store: each counter counts only its own streams (`<name>-<n>`)
  const mine = (event: RecordedEvent) => event.streamId.startsWith(`${options.name}-`);
  const check = (event: RecordedEvent) => {
    if (options.failOn?.(event)) throw new Error(`boom at ${event.streamId}@${event.revision}`);
  };
  return {
    name: options.name,
    version: options.version ?? 1,
    handles: [COUNTED],
    tables: [table],
    async migrate(tx: pg.PoolClient, schema: string) {
      await tx.query(`create table ${schema}.${table} (
        stream_id text primary key, events integer not null, last_revision integer not null)`);
    },
    async apply(tx, event, schema) {
      if (!mine(event)) return;
      check(event);
      await tx.query(
        `insert into ${schema}.${table} (stream_id, events, last_revision) values ($1, 1, $2)
         on conflict (stream_id) do update set events = ${table}.events + 1, last_revision = excluded.last_revision`,
        [event.streamId, event.revision]);
    },
    ...(options.batched ? {
      async applyBatch(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string) {
        const own = events.filter(mine);
        own.forEach(check);
        const perStream = new Map<string, { n: number; last: number }>();
        for (const e of own) perStream.set(e.streamId, { n: (perStream.get(e.streamId)?.n ?? 0) + 1, last: e.revision });
        await tx.query(
          `insert into ${schema}.${table} (stream_id, events, last_revision)
           select * from unnest($1::text[], $2::integer[], $3::integer[])
           on conflict (stream_id) do update set events = ${table}.events + excluded.events, last_revision = excluded.last_revision`,
          [[...perStream.keys()], [...perStream.values()].map((v) => v.n), [...perStream.values()].map((v) => v.last)]);
      },
    } : {}),
  };
}

export function counterEvent(type: string = COUNTED): NewEvent {
  return {
    type, data: { at: Date.now() },
    metadata: { eventId: randomUUID(), actor: { kind: 'system' }, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

/** Appends `perStream` events (every third one ignored) to each stream; returns every recorded event (for waitFor). */
export async function appendCounters(store: EventStore, streams: readonly string[], perStream: number): Promise<RecordedEvent[]> {
  const recorded: RecordedEvent[] = [];
  for (const stream of streams) {
    const events = Array.from({ length: perStream }, (_, i) => counterEvent(i % 3 === 2 ? IGNORED : COUNTED));
    recorded.push(...(await store.appendToStream(stream, events)).events);
  }
  return recorded;
}

/** What the read model must say: handled events per stream, from the store itself. */
export async function expectedCounts(store: EventStore, streams: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const stream of streams) {
    const events = await store.readStream(stream);
    const n = events.filter((e) => e.type === COUNTED).length;
    if (n > 0) counts[stream] = n;
  }
  return counts;
}

/** The read model through its stable public view. */
export async function readCounts(db: Database, name: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ stream_id: string; events: number }>(
    `select stream_id, events from public.${countsTable(name)} order by stream_id`);
  return Object.fromEntries(rows.map((r) => [r.stream_id, Number(r.events)]));
}

export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}
