import fc from 'fast-check';
import {
  edgy,
  encodeLoose,
  type IdPool,
  jsonBody,
  nastyString,
  nastyValue,
  plausible,
  rawSegment,
} from './hostile-values.ts';
import type { FuzzRoute } from './openapi-routes.ts';

export const ROLES = ['anonymous', 'customer', 'staff', 'manager', 'admin'] as const;
export type FuzzRole = (typeof ROLES)[number];

/** Who the request says it comes from: 'shop' (its own pages), 'none' (no header), or another origin. */
export type OriginKind = string;

/** One generated request, in a form fast-check can print and shrink. */
export interface FuzzRequest {
  method: string;
  route: string;
  url: string;
  role: FuzzRole;
  origin: OriginKind;
  bodyKind: string;
  contentType?: string;
  payload?: string | Buffer;
}

const FOREIGN_ORIGINS = [
  'https://evil.example',
  'http://localhost:1',
  'null',
  'https://shop.example.com.evil.example',
  'file://',
];

function pathValue(name: string, pool: IdPool): fc.Arbitrary<string> {
  const known = pool[name] ?? [];
  return fc.oneof(
    ...(known.length ? [{ weight: 10, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: rawSegment },
    { weight: 1, arbitrary: nastyString.filter((s) => s.length > 0).map(encodeLoose) },
  );
}

function queryValue(schema: FuzzRoute['query'][number]['schema'], pool: IdPool): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema, pool).map((v) => encodeLoose(String(v))) },
    { weight: 3, arbitrary: edgy(schema, pool).map((v) => encodeLoose(String(v))) },
    { weight: 1, arbitrary: nastyString.map(encodeLoose) },
    { weight: 1, arbitrary: rawSegment },
  );
}

function queryString(route: FuzzRoute, pool: IdPool): fc.Arbitrary<string> {
  const known = route.query.map((p) =>
    fc.option(
      fc
        .array(queryValue(p.schema, pool), { minLength: 1, maxLength: 2 })
        .map((values) => values.map((v) => `${encodeURIComponent(p.name)}=${v}`)),
      { freq: 2 },
    ),
  );
  const unknown = fc.oneof(
    { weight: 6, arbitrary: fc.constant([]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(
          fc.constantFrom('role', 'user_id', '__proto__', 'limit[]', 'x', '%00', 'page[$gt]'),
          rawSegment,
        ),
        { minLength: 1, maxLength: 2 },
      ),
    },
  );
  return fc.tuple(fc.tuple(...known), unknown).map(([parts, extra]) => {
    const pairs = [...parts.flatMap((p) => p ?? []), ...extra.map(([k, v]) => `${k}=${v}`)];
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

function url(route: FuzzRoute, pool: IdPool): fc.Arbitrary<string> {
  const segments = route.pathParams.map((name) => pathValue(name, pool));
  return fc.tuple(fc.tuple(...segments), queryString(route, pool)).map(([values, query]) => {
    let path = route.path;
    route.pathParams.forEach((name, i) => {
      path = path.replace(`{${name}}`, values[i]!);
    });
    return path + query;
  });
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/csv',
  'application/xml',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'image/png',
  'application/octet-stream',
];

type Body = Pick<FuzzRequest, 'bodyKind' | 'contentType' | 'payload'>;

function deepJson(depth: number, asObject: boolean): string {
  return asObject
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function formEncode(value: unknown): string {
  if (value === null || typeof value !== 'object') return `value=${encodeLoose(String(value))}`;
  return Object.entries(value)
    .map(
      ([k, v]) => `${encodeLoose(k)}=${encodeLoose(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
    )
    .join('&');
}

const csvBody = fc
  .array(
    fc.array(fc.oneof(nastyString, fc.constantFrom('name', 'sku', 'price', '"', '""', '=1+1')), {
      maxLength: 6,
    }),
    {
      maxLength: 5,
    },
  )
  .map((rows) => ['name,sku,price,inventory_level,status', ...rows.map((r) => r.join(','))].join('\n'));

const imageBody = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')),
  fc.constant(Buffer.from('89504e470d0a1a0a0000000d49484452ffffffffffffffff0806000000', 'hex')),
);

/** The body a route's own parser reads, made hostile. */
function nativeBody(route: FuzzRoute, pool: IdPool): fc.Arbitrary<Body> {
  const type = route.body?.contentType ?? 'application/json';
  if (type === 'text/csv') return csvBody.map((payload) => ({ bodyKind: 'csv', contentType: type, payload }));
  if (type === 'image/png')
    return imageBody.map((payload) => ({ bodyKind: 'image', contentType: type, payload }));
  const value = jsonBody(route.body?.schema, pool);
  if (type === 'application/x-www-form-urlencoded') {
    return value.map((v) => ({ bodyKind: 'form', contentType: type, payload: formEncode(v) }));
  }
  return value.map((v) => ({ bodyKind: 'json', contentType: type, payload: JSON.stringify(v) ?? 'null' }));
}

function body(route: FuzzRoute, pool: IdPool): fc.Arbitrary<Body> {
  const json = (bodyKind: string, payload: fc.Arbitrary<string | Buffer>) =>
    payload.map((p) => ({ bodyKind, contentType: 'application/json', payload: p }));
  return fc.oneof(
    { weight: 12, arbitrary: nativeBody(route, pool) },
    {
      weight: 1,
      arbitrary: json(
        'deep',
        fc.tuple(fc.constantFrom(65, 1_000, 100_000), fc.boolean()).map(([d, o]) => deepJson(d, o)),
      ),
    },
    {
      weight: 1,
      arbitrary: json('huge', fc.constantFrom(`"${'a'.repeat(1_100_000)}"`, `[${'0,'.repeat(600_000)}0]`)),
    },
    {
      weight: 1,
      arbitrary: json(
        'invalid-utf8',
        fc
          .constantFrom('ff', 'c0ae', 'eda080', 'e282', '00')
          .map((hex) =>
            Buffer.concat([
              Buffer.from('{"name":"a'),
              Buffer.from(hex, 'hex'),
              Buffer.from('","email":"x"}'),
            ]),
          ),
      ),
    },
    {
      weight: 1,
      arbitrary: json(
        'broken-json',
        fc.constantFrom('', '{', 'nul', '{"a":1,}', '{"a":"\\ud800"}', '\u0000', '[1,2'),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES, undefined), nastyValue)
        .map(([contentType, v]) => ({
          bodyKind: 'wrong-content-type',
          contentType,
          payload: JSON.stringify(v) ?? '',
        })),
    },
  );
}

/** Requests to one route, from every role, with hostile paths, queries, bodies and origins. */
export function requestsTo(route: FuzzRoute, pool: IdPool): fc.Arbitrary<FuzzRequest> {
  const withBody = route.body !== undefined;
  return fc
    .record({
      url: url(route, pool),
      role: fc.constantFrom(...ROLES),
      origin: fc.oneof(
        { weight: 6, arbitrary: fc.constant('shop') },
        { weight: 1, arbitrary: fc.constant('none') },
        { weight: 1, arbitrary: fc.constantFrom(...FOREIGN_ORIGINS) },
      ),
      body: withBody ? body(route, pool) : fc.constant<Body>({ bodyKind: 'none' }),
    })
    .map(({ body: b, ...rest }) => ({ method: route.method, route: route.path, ...rest, ...b }));
}
