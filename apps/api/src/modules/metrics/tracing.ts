import {
  type Context,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * OpenTelemetry traces (decision 0037). The code that makes spans uses only `@opentelemetry/api`,
 * whose tracer does nothing until a provider is registered; `startTracing` registers one (loaded only
 * when a collector is configured) that sends the spans over OTLP/HTTP in batches.
 */
export const tracer = () => trace.getTracer('cartwheel');

/** A started tracing SDK: `shutdown` sends what is buffered and stops. */
export interface Tracing {
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Registers the global tracer provider, the async-local context (a span started in a request is the
 * parent of the spans made while handling it) and the W3C `traceparent` propagator. `endpoint` is the
 * collector's base URL; spans go to `<endpoint>/v1/traces` as OTLP JSON.
 */
export async function startTracing({
  endpoint,
  serviceName,
}: {
  endpoint: string;
  serviceName: string;
}): Promise<Tracing> {
  const [
    { TracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { resourceFromAttributes },
  ] = await Promise.all([
    commonJs(import('@opentelemetry/sdk-trace')),
    commonJs(import('@opentelemetry/exporter-trace-otlp-http')),
    commonJs(import('@opentelemetry/context-async-hooks')),
    commonJs(import('@opentelemetry/core')),
    commonJs(import('@opentelemetry/resources')),
  ]);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }) }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/**
 * A CommonJS package's exports from a dynamic import: Node gives them as named exports, the bundle's
 * chunk only as `default` (the package's `module.exports`).
 */
async function commonJs<T extends object>(imported: Promise<T>): Promise<T> {
  const loaded = (await imported) as T & { default?: T };
  return loaded.default ?? loaded;
}

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * A server span per request, named by method and route template (never the raw URL), continuing the
 * caller's trace when it sends `traceparent`. The rest of the request runs in the span's context, so
 * the spans made while handling it (jobs queued, outbound calls) are its children. A 5xx marks the
 * span as an error.
 */
export function traceRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const parent: Context = propagation.extract(context.active(), request.headers);
    const span = tracer().startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': route,
          'url.path': request.url.split('?', 1)[0] ?? request.url,
          'client.address': request.ip,
        },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    spans.get(request)?.recordException(error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      spans.delete(request);
    }
    done();
  });
}

/** Runs `fn` in a span named `name` (a job, a scheduled task); an error marks the span and is rethrown. */
export function inSpan<T>(
  name: string,
  attributes: Record<string, string | number | boolean>,
  fn: () => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
