/**
 * Every HTTP request by route (the route's pattern, `/api/order/getById`, never the raw URL: bounded labels), method
 * and status class (2xx … 5xx), with its latency. Installed before any route (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { counter, histogram, secondsSince } from './registry';

const requests = counter('jishi_http_requests_total', 'HTTP requests answered, by route, method and status class', ['route', 'method', 'status_class']);
const latency = histogram('jishi_http_request_duration_seconds', 'HTTP request latency, by route, method and status class', ['route', 'method', 'status_class']);

const started = Symbol('metricsStarted');

export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    (request as unknown as Record<symbol, bigint>)[started] = process.hrtime.bigint();
  });
  app.addHook('onResponse', async (request, reply) => {
    const start = (request as unknown as Record<symbol, bigint | undefined>)[started];
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    if (start !== undefined) latency.observe(labels, secondsSince(start));
  });
}
