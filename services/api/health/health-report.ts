/**
 * One health report for the API, `/internal/health` and `npm run ops -- projections status`: the event store (its
 * head), and the feed's own report (projections/runner/feed-health.ts). `status` is 'up' only when no part names a
 * problem. Computed at most once a second, whoever asks (health is polled; each report is a few reads).
 */
import type { EventStore } from '../../event-store/event-store.port';
import { formatPosition } from '../../event-store/event-store.port';
import type { FeedHealth } from '../../../projections/runner/feed-health';

export interface HealthSources {
  store: EventStore;
  storeKind: string;
  /** The projections handle's health(). */
  feed: () => Promise<FeedHealth>;
}

export interface HealthReport {
  status: 'up' | 'degraded';
  /** Short names of what is wrong: 'database', 'kafka', 'forwarder', 'projection:<name>', 'worker', 'commit-horizon'. */
  problems: string[];
  checkedAt: string;
  store: { kind: string; up: boolean; head: string | null; error: string | null };
  /** Null when the database did not answer. */
  detail: FeedHealth | null;
  error: string | null;
}

const CACHE_MS = 1000;

export function healthCheck(sources: HealthSources, cacheMs = CACHE_MS): () => Promise<HealthReport> {
  let kept: { at: number; report: Promise<HealthReport> } | null = null;
  return () => {
    if (kept && Date.now() - kept.at < cacheMs) return kept.report;
    kept = { at: Date.now(), report: assess(sources) };
    return kept.report;
  };
}

async function assess(sources: HealthSources): Promise<HealthReport> {
  const [head, feed] = await Promise.all([
    sources.store.headPosition().then((p) => ({ head: p ? formatPosition(p) : null, error: null }), (e: unknown) => ({ head: null, error: message(e) })),
    sources.feed().then((detail) => ({ detail, error: null }), (e: unknown) => ({ detail: null, error: message(e) })),
  ]);
  const problems: string[] = [];
  if (head.error !== null || feed.error !== null) problems.push('database');
  problems.push(...(feed.detail?.problems ?? []));
  return {
    status: problems.length === 0 ? 'up' : 'degraded',
    problems,
    checkedAt: new Date().toISOString(),
    store: { kind: sources.storeKind, up: head.error === null, head: head.head, error: head.error },
    detail: feed.detail,
    error: feed.error,
  };
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
