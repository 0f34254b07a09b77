/**
 * A server span per HTTP request (`POST /api/order/submit`), continuing the caller's `traceparent`, active for the
 * whole handling: the commands, appends and reads of the request are its children, and the events it appends carry
 * its context on (tracing.ts). Nothing is done while tracing is off.
 */
import type { FastifyInstance } from 'fastify';
import type { Span } from '@opentelemetry/api';
import { runInContext, startServerSpan, tracingOn } from './tracing';

const spanOf = Symbol('traceSpan');

export function installHttpTracing(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!tracingOn()) return done();
    const route = request.routeOptions.url ?? 'unmatched';
    const started = startServerSpan(`${request.method} ${route}`, request.headers as Record<string, unknown>, {
      'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0],
    });
    if (!started) return done();
    (request as unknown as Record<symbol, Span>)[spanOf] = started.span;
    reply.header('traceparent', `00-${started.span.spanContext().traceId}-${started.span.spanContext().spanId}-01`);
    runInContext(started.ctx, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = (request as unknown as Record<symbol, Span | undefined>)[spanOf];
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    span.end();
  });
}
