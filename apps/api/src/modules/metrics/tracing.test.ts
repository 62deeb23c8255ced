import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inSpan, startTracing, type Tracing } from './tracing.ts';

/** One span as OTLP/JSON carries it, with its resource's service name. */
interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number };
  events?: Array<{ name: string }>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
const otlpValue = (v: OtlpValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : v.boolValue);
const attributesOf = (list: Array<{ key: string; value: OtlpValue }> = []) =>
  Object.fromEntries(list.map((a) => [a.key, otlpValue(a.value)]));

/** A stand-in OTLP collector: keeps every span posted to /v1/traces. */
function fakeCollector() {
  const spans: ExportedSpan[] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(
        (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'),
      );
      for (const rs of body.resourceSpans ?? []) {
        const service = String(attributesOf(rs.resource?.attributes)['service.name']);
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({ ...s, service, attributes: attributesOf(s.attributes) });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, spans, paths };
}

const collector = fakeCollector();
let tracing: Tracing;
let ctx: TestContext;

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.server.listen(0, '127.0.0.1', resolve));
  const address = collector.server.address();
  if (!address || typeof address === 'string') throw new Error('no collector port');
  const endpoint = `http://127.0.0.1:${address.port}`;
  tracing = await startTracing({ endpoint, serviceName: 'cartwheel-test' });
  ctx = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'cartwheel-test' });
});
afterAll(async () => {
  await ctx?.close();
  await tracing?.shutdown();
  await new Promise((resolve) => collector.server.close(resolve));
});

const SERVER = 2;
const CONSUMER = 5;
const ERROR = 2;

describe('OpenTelemetry traces', () => {
  it('sends a server span per request, named by its route template, to <endpoint>/v1/traces', async () => {
    const product = await createProduct(ctx.db, { name: 'Traced Lamp' });
    const res = await ctx.app.inject({ url: `/api/products/${product.slug}?utm=1` });
    expect(res.statusCode).toBe(200);
    await tracing.flush();
    expect(collector.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    const span = collector.spans.find((s) => s.name === 'GET /api/products/:slug');
    expect(span, JSON.stringify(collector.spans.map((s) => s.name))).toBeDefined();
    expect(span).toMatchObject({
      service: 'cartwheel-test',
      kind: SERVER,
      attributes: {
        'http.request.method': 'GET',
        'http.route': '/api/products/:slug',
        'url.path': `/api/products/${product.slug}`,
        'http.response.status_code': 200,
      },
    });
    // Never the query string, never a raw URL in the name.
    expect(JSON.stringify(span)).not.toContain('utm');
  });

  it("continues the caller's trace from traceparent", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    await ctx.app.inject({
      url: '/api/health/live',
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    await tracing.flush();
    const span = collector.spans.find((s) => s.name === 'GET /api/health/live' && s.traceId === traceId);
    expect(span?.parentSpanId).toBe(parentId);
  });

  it('a span made while handling work is a child; a failure marks it as an error', async () => {
    await expect(
      inSpan('job outer', { 'job.queue': 'test' }, () =>
        inSpan('job inner', {}, async () => {
          throw new Error('the inner step failed');
        }),
      ),
    ).rejects.toThrow('the inner step failed');
    await tracing.flush();
    const outer = collector.spans.find((s) => s.name === 'job outer');
    const inner = collector.spans.find((s) => s.name === 'job inner');
    expect(outer).toMatchObject({
      kind: CONSUMER,
      attributes: { 'job.queue': 'test' },
      status: { code: ERROR },
    });
    expect(inner?.traceId).toBe(outer?.traceId);
    expect(inner?.parentSpanId).toBe(outer?.spanId);
    expect(inner?.events?.map((e) => e.name)).toContain('exception');
  });
});
