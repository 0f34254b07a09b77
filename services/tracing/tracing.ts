/**
 * OpenTelemetry traces (issue 32): one purchase is one trace, from the HTTP request through its commands and appends,
 * and — because the trace context travels in each event's metadata (`traceparent`, W3C Trace Context) — through the
 * asynchronous half too: the forwarder's publish to Kafka, each projection's apply, the websocket push.
 *
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (then spans go over OTLP/HTTP to `<endpoint>/v1/traces`, batched); a
 * test may start it with an exporter of its own. Off costs nothing: every helper here returns at its first line, no
 * span objects, no metadata field.
 */
import {
  context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter,
} from '@opentelemetry/sdk-trace-base';

let enabled = false;

export const tracingOn = (): boolean => enabled;

export interface Tracing { shutdown(): Promise<void> }

export interface TracingOptions {
  serviceName: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://127.0.0.1:4318 */
  endpoint?: string;
  /** an exporter of the caller's (tests read the spans): each span exported as it ends */
  exporter?: SpanExporter;
}

/** Null (and nothing registered) without an endpoint or an exporter. One per process. */
export function startTracing(options: TracingOptions): Tracing | null {
  if (enabled || (!options.endpoint && !options.exporter)) return null;
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/$/, '')}/v1/traces` }));
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  enabled = true;
  return {
    async shutdown() {
      enabled = false;
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

const tracer = () => trace.getTracer('jishi');

/** The active trace as a `traceparent` header value (undefined when off or outside a trace): stored in event metadata. */
export function currentTraceparent(): string | undefined {
  if (!enabled || !trace.getSpan(context.active())) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a `traceparent` (a request header, an event's metadata) continues. */
export const contextFrom = (carrier: Record<string, unknown>, base: Context = ROOT_CONTEXT): Context =>
  propagation.extract(base, carrier, {
    get: (c, key) => (typeof c[key] === 'string' ? (c[key] as string) : undefined),
    keys: (c) => Object.keys(c),
  });

/**
 * Runs `work` in a span child of the active one (or of `parent`); when off, just runs it and hands back its very promise
 * (no extra turn of the event loop: the hot-stream queue's grouping depends on when its callers come back).
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>, parent?: Context): Promise<T> {
  if (!enabled) return work();
  return spanned(name, attributes, work, parent);
}

async function spanned<T>(name: string, attributes: Attributes, work: () => Promise<T>, parent?: Context): Promise<T> {
  const span = tracer().startSpan(name, { attributes }, parent ?? context.active());
  try {
    return await context.with(trace.setSpan(parent ?? context.active(), span), work);
  } catch (error) {
    fail(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** A server span for an incoming request, continuing the caller's `traceparent` when it sent one. */
export function startServerSpan(name: string, headers: Record<string, unknown>, attributes: Attributes): { span: Span; ctx: Context } | null {
  if (!enabled) return null;
  const parent = contextFrom(headers, context.active());
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, ctx: trace.setSpan(parent, span) };
}

export const runInContext = <T>(ctx: Context, work: () => T): T => context.with(ctx, work);

interface Traced { type: string; streamId: string; metadata: { traceparent?: string } }

/**
 * One span per traced event of an asynchronous step (a publish, a projection's apply, a push), each a child of the
 * request that appended the event: the asynchronous half joins the request's trace. `end(error?)` ends them all.
 */
export function eventSpans(name: string, events: readonly Traced[], attributes: Attributes = {}, kind: SpanKind = SpanKind.CONSUMER): { end(error?: unknown): void } {
  if (!enabled) return NO_SPANS;
  const spans = events.filter((e) => e.metadata.traceparent).map((event) =>
    tracer().startSpan(name, { kind, attributes: { ...attributes, 'jishi.event.type': event.type, 'jishi.stream': event.streamId } },
      contextFrom({ traceparent: event.metadata.traceparent })));
  if (spans.length === 0) return NO_SPANS;
  return {
    end(error?: unknown) {
      for (const span of spans) {
        if (error !== undefined) fail(span, error);
        span.end();
      }
    },
  };
}

const NO_SPANS = { end() { /* tracing off, or no traced event */ } };

function fail(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : new Error(String(error)));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
