/**
 * What health knows, as gauges read when Prometheus scrapes (health is cached for a second, so a scrape costs a few
 * reads at most): each projection's lag in events and in seconds (since its first pending event), the store → Kafka
 * forwarder's lag, the deadlines due and not done (the scheduler's backlog) and those overdue by a minute; plus the
 * Kafka consumer group's rebalances (counted as they happen, kafka-shared-consumer.ts).
 */
import type { Queryable } from '../db/database';
import type { FeedHealth } from '../../projections/runner/feed-health';
import { counter, gauge } from './registry';

export interface FeedMetricsSource {
  health(): Promise<FeedHealth>;
  db: Queryable;
  clock: () => Date;
}

/** The process's runtime (the last one opened: a test process may open several). */
let source: FeedMetricsSource | null = null;

export function watchFeed(given: FeedMetricsSource): () => void {
  source = given;
  return () => {
    if (source === given) source = null;
  };
}

const healthNow = async (): Promise<FeedHealth | null> => (source ? source.health().catch(() => null) : null);

gauge('jishi_projection_lag_events', 'Events a projection is behind the log (Kafka: messages behind its topics)', ['projection'], async (g) => {
  g.reset();
  for (const p of (await healthNow())?.projections ?? []) if (p.lag !== null) g.set({ projection: p.name }, p.lag);
});

gauge('jishi_projection_lag_seconds', 'Seconds since the first event a projection has not applied yet (0: caught up)', ['projection'], async (g) => {
  g.reset();
  const now = source?.clock().getTime() ?? Date.now();
  for (const p of (await healthNow())?.projections ?? []) {
    g.set({ projection: p.name }, p.pendingSince ? Math.max(0, (now - Date.parse(p.pendingSince)) / 1000) : 0);
  }
});

gauge('jishi_projection_stalled', '1 when a projection has been behind without moving for the stall window', ['projection'], async (g) => {
  g.reset();
  for (const p of (await healthNow())?.projections ?? []) g.set({ projection: p.name }, p.stalled ? 1 : 0);
});

gauge('jishi_forwarder_lag_events', 'Events of the store not yet published to Kafka by the forwarder', [], async (g) => {
  g.reset();
  const lag = (await healthNow())?.forwarder?.lag;
  if (lag !== null && lag !== undefined) g.set(lag);
});

gauge('jishi_forwarder_stuck', '1 while the forwarder has been failing to publish', [], async (g) => {
  g.reset();
  const forwarder = (await healthNow())?.forwarder;
  if (forwarder) g.set(forwarder.stuckSince ? 1 : 0);
});

gauge('jishi_health_problems', 'Problems health names now, by problem', ['problem'], async (g) => {
  g.reset();
  for (const problem of (await healthNow())?.problems ?? []) g.set({ problem }, 1);
});

gauge('jishi_scheduler_due_deadlines', 'Deadlines due and not done (waiting, running or retrying), and those overdue by over a minute', ['state'], async (g) => {
  g.reset();
  if (!source) return;
  const now = source.clock();
  const { rows } = await source.db.query<{ due: number; overdue: number }>(
    `select count(*)::int as due, count(*) filter (where d.due_at <= $2)::int as overdue
       from deadlines d
       left join scheduler_firings f on f.kind = d.kind and f.stream_id = d.stream_id and f.due_text = d.due_text
      where d.due_at <= $1 and coalesce(f.status, 'due') <> 'done'`, [now, new Date(now.getTime() - 60_000)]).catch(() => ({ rows: [] }));
  g.set({ state: 'due' }, rows[0]?.due ?? 0);
  g.set({ state: 'overdue' }, rows[0]?.overdue ?? 0);
});

export const consumerRebalances = counter('jishi_kafka_consumer_rebalances_total', 'Times this process\'s Kafka consumer (re)joined its group');
