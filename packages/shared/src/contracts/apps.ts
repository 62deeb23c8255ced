import { z } from 'zod';

/**
 * The back office's Apps screen (admins): API keys that act on the REST API with a role, and outbound
 * webhooks (endpoints, their signing secrets and the delivery log). docs/webhooks.md describes the
 * events and how a receiver verifies them.
 */

export const API_KEY_ROLES = ['staff', 'manager', 'admin'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** Every API key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'cwk_';

export const apiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(API_KEY_ROLES),
  /** The key's first characters, shown to tell keys apart; the rest is never shown again. */
  prefix: z.string(),
  created_at: z.string(),
  created_by_email: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeyList = z.object({ items: z.array(apiKey) });

export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  role: z.enum(API_KEY_ROLES, { error: 'Role must be one of: staff, manager, admin' }),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** POST /api/admin/api-keys: the key, and its secret token, shown this once. */
export const createdApiKey = z.object({ key: apiKey, token: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

// ---- webhooks ----

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.fulfilled',
  'order.refunded',
  'order.cancelled',
  'product.created',
  'product.updated',
  'product.deleted',
  'inventory.low',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Hosts an http:// endpoint may use (a receiver on the developer's own machine). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or http to localhost for development; no credentials in the URL. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'URL must be a full address, like https://example.com/webhooks';
  }
  if (url.username || url.password) return 'URL must not contain a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return null;
  return 'URL must start with https:// (http:// only for localhost)';
}

const webhookUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'URL must be at most 2000 characters')
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events must be among: ${WEBHOOK_EVENT_TYPES.join(', ')}` }), {
    error: 'Choose at least one event',
  })
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

export const webhookEndpointBody = z.object({
  url: webhookUrl,
  description: z.string().trim().max(200, 'Description must be at most 200 characters').default(''),
  events: webhookEvents,
  enabled: z.boolean().default(true),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBody>;

export const webhookEndpointPatch = z.object({
  url: webhookUrl.optional(),
  description: z.string().trim().max(200, 'Description must be at most 200 characters').optional(),
  events: webhookEvents.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointPatch = z.input<typeof webhookEndpointPatch>;

export const webhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  created_at: z.string(),
  /** Deliveries in the last day that are still being retried or failed for good. */
  failing: z.number().int(),
  /** Failed tries in a row (0 after a success). */
  consecutive_failures: z.number().int(),
  /** Paused by the circuit breaker until then, after failing tries in a row; null while delivering. */
  paused_until: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointList = z.object({ items: z.array(webhookEndpoint) });

/** Creating an endpoint or rotating its secret: the signing secret, shown this once. */
export const webhookEndpointWithSecret = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

export const webhookAttempt = z.object({
  attempt: z.number().int(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
});

export const webhookDelivery = z.object({
  id: z.uuid(),
  event_id: z.uuid(),
  event_type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.array(webhookAttempt),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** GET /api/admin/webhooks/:endpointId/deliveries: the 50 latest, newest first. */
export const webhookDeliveryList = z.object({ items: z.array(webhookDelivery) });

// ---- apps: extension points in the back office (docs/apps.md) ----

/** The back-office pages an app may add a panel to. */
export const APP_PANELS = ['order', 'product', 'customer'] as const;
export type AppPanel = (typeof APP_PANELS)[number];

/** What an app's frame is showing: its own page (the sidebar link) or one record's panel. */
const APP_FRAME_RESOURCES = ['page', ...APP_PANELS] as const;

export const createAppBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  /** Where the app's pages are served; its frames load this address with `?token=...`. */
  url: webhookUrl,
  role: z.enum(API_KEY_ROLES, { error: 'Role must be one of: staff, manager, admin' }),
  /** The sidebar link's text; none: the app adds no link. */
  sidebar_label: z
    .string()
    .trim()
    .max(40, 'Sidebar label must be at most 40 characters')
    .transform((label) => label || null)
    .nullable()
    .default(null),
  panels: z
    .array(z.enum(APP_PANELS, { error: `Panels must be among: ${APP_PANELS.join(', ')}` }))
    .default([])
    .transform((panels) => [...new Set(panels)]),
});
export type CreateAppBody = z.input<typeof createAppBody>;

export const shopApp = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  role: z.enum(API_KEY_ROLES),
  sidebar_label: z.string().nullable(),
  panels: z.array(z.enum(APP_PANELS)),
  api_key_prefix: z.string(),
  created_at: z.string(),
});
export type ShopApp = z.infer<typeof shopApp>;

export const shopAppList = z.object({ items: z.array(shopApp) });

/** POST /api/admin/apps: the app, its API key's token and its signing secret, shown this once. */
export const createdApp = z.object({ app: shopApp, token: z.string(), secret: z.string() });
export type CreatedApp = z.infer<typeof createdApp>;

/** GET /api/admin/app-extensions: what every member's back office draws for the shop's apps. */
export const appExtensions = z.object({
  sidebar: z.array(z.object({ app_id: z.uuid(), label: z.string() })),
  panels: z.array(z.object({ app_id: z.uuid(), name: z.string(), resource: z.enum(APP_PANELS) })),
});
export type AppExtensions = z.infer<typeof appExtensions>;

export const appFrameBody = z.object({
  resource: z.enum(APP_FRAME_RESOURCES, {
    error: `Resource must be one of: ${APP_FRAME_RESOURCES.join(', ')}`,
  }),
  /** The order, product or customer shown; none for the app's own page. */
  id: z.uuid('id must be the id of the order, product or customer shown').nullable().default(null),
});
export type AppFrameBody = z.input<typeof appFrameBody>;

/** The address an app's frame loads: the app's URL with a signed token, good until `expires_at`. */
export const appFrame = z.object({ name: z.string(), src: z.string(), expires_at: z.string() });
export type AppFrame = z.infer<typeof appFrame>;
