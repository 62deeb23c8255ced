import type { Schema } from './hostile-values.ts';

export interface QueryParam {
  name: string;
  schema: Schema;
}

/** One route to fuzz: method, path template with {name} parameters, what it reads. */
export interface FuzzRoute {
  method: string;
  path: string;
  pathParams: string[];
  query: QueryParam[];
  /** The content type the route parses, and the schema of its JSON body when it has one. */
  body?: { contentType: string; schema?: Schema };
}

interface OpenApiOperation {
  summary?: string;
  parameters?: Array<{ in: string; name: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Raw-body routes (CSV import, image upload) name their content type in the summary, not as a schema. */
function rawBodyType(summary = ''): string {
  if (summary.includes('text/csv')) return 'text/csv';
  if (summary.includes('image/*')) return 'image/png';
  return 'application/json';
}

/** Every documented operation of the API, as routes to fuzz. */
export function routesOf(doc: OpenApiDocument): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(operations)) {
      const method = lower.toUpperCase();
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const [contentType, media] = Object.entries(content)[0] ?? [];
      routes.push({
        method,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: contentType
          ? { contentType, schema: media?.schema }
          : BODY_METHODS.has(method)
            ? { contentType: rawBodyType(op.summary) }
            : undefined,
      });
    }
  }
  return routes;
}

const text = (maxLength = 100): Schema => ({ type: 'string', minLength: 1, maxLength });
const email: Schema = { type: 'string', format: 'email' };
const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  properties,
  required,
});

/**
 * Routes the OpenAPI document leaves out but a browser or Stripe calls: Better Auth's endpoints, the
 * test payment page and the Stripe webhook. Bodies are the fields their callers send.
 */
export const UNDOCUMENTED_ROUTES: FuzzRoute[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    pathParams: [],
    query: [],
    body: {
      contentType: 'application/json',
      schema: object({ email, password: text() }, ['email', 'password']),
    },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    pathParams: [],
    query: [],
    body: {
      contentType: 'application/json',
      schema: object({ email, password: text(), name: text(), firstName: text(), lastName: text() }, [
        'email',
        'password',
        'name',
      ]),
    },
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    pathParams: [],
    query: [],
    body: { contentType: 'application/json', schema: object({ email, redirectTo: text() }, ['email']) },
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    pathParams: [],
    query: [],
    body: {
      contentType: 'application/json',
      schema: object({
        currentPassword: text(),
        newPassword: text(),
        revokeOtherSessions: { type: 'boolean' },
      }),
    },
  },
  { method: 'GET', path: '/api/auth/get-session', pathParams: [], query: [] },
  { method: 'GET', path: '/pay/{sessionId}', pathParams: ['sessionId'], query: [] },
  {
    method: 'POST',
    path: '/pay/{sessionId}',
    pathParams: ['sessionId'],
    query: [],
    body: {
      contentType: 'application/x-www-form-urlencoded',
      schema: object({ action: text(), card_number: text(), expiry: text(), name: text(), cvc: text() }),
    },
  },
  {
    method: 'POST',
    path: '/api/webhooks/stripe',
    pathParams: [],
    query: [],
    body: { contentType: 'application/json', schema: object({ id: text(), type: text(), data: object({}) }) },
  },
];
