/**
 * The process's Prometheus metrics (issue 32), in the text format prom-client writes: one registry per process, every
 * metric named `jishi_*` and declared beside the code that moves it (http-metrics.ts, store-metrics.ts,
 * outcome-metrics.ts, feed-metrics.ts, ...), plus Node's own process metrics (CPU, memory, event-loop lag, GC).
 * Served to ops only: `GET /internal/metrics` with the ops token (Prometheus sends it as `Authorization: Bearer`), and
 * on METRICS_PORT at `/metrics` when that is set (metrics-server.ts: the projection worker has no API to serve it).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'jishi_' });

/** Seconds buckets from 1 ms to 10 s: requests, commands, appends, waits. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Counter<L>({ name, help, labelNames, registers: [metricsRegistry] });

export const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[] = [], buckets = LATENCY_BUCKETS) =>
  new Histogram<L>({ name, help, labelNames, buckets, registers: [metricsRegistry] });

/** A gauge read when scraped (`collect` sets its values), e.g. projection lag from health. */
export const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = [], collect?: (g: Gauge<L>) => Promise<void> | void) =>
  new Gauge<L>({ name, help, labelNames, registers: [metricsRegistry], ...(collect ? { async collect() { await collect(this); } } : {}) });

/** Seconds since `start` (a process.hrtime.bigint()). */
export const secondsSince = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;

/** The text Prometheus scrapes. */
export const scrape = (): Promise<string> => metricsRegistry.metrics();
export const SCRAPE_CONTENT_TYPE = metricsRegistry.contentType;
