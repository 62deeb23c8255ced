import type { SettingName } from './config.ts';

/**
 * What each setting means, and its default where config.ts works one out (the others' defaults are read
 * from its schema). `npm run env-example` writes .env.example from this; a missing setting fails typecheck.
 */
export const SETTINGS: Record<SettingName, { meaning: string; default?: string }> = {
  NODE_ENV: {
    meaning: 'development, production or test; production turns on secure cookies and requires secrets',
  },
  HOST: { meaning: 'address to bind; 0.0.0.0 in a container or behind a load balancer' },
  PORT: { meaning: 'port to listen on' },
  PUBLIC_URL: {
    meaning: "the shop's public origin, used for links in emails and payment redirects",
    default: 'http://localhost:$PORT',
  },
  API_DOCS: {
    meaning: 'serve the OpenAPI document and viewer at /api/docs',
    default: 'on, off in production',
  },
  TRUSTED_ORIGINS: {
    meaning:
      'more origins (comma-separated) whose pages may send writes; every POST/PUT/PATCH/DELETE needs a trusted Origin',
  },
  DATA_DIR: { meaning: 'the embedded database (DATA_DIR/pglite) and uploads' },
  DATABASE_URL: { meaning: 'postgres://...; when set, PostgreSQL is used instead of the embedded database' },
  DATABASE_POOL_SIZE: { meaning: 'connections per process to PostgreSQL' },
  DATABASE_PREPARE: {
    meaning: 'false behind PgBouncer in transaction mode (1.18 keeps no prepared statements)',
  },
  DATABASE_DIRECT_URL: {
    meaning: "a URL straight to PostgreSQL for LISTEN (the catalog cache's change feed) behind a pooler",
  },
  DATABASE_READ_URL: {
    meaning:
      'comma-separated postgres:// URLs of streaming replicas for catalog and storefront reads (docs/decisions/0040-read-replicas.md)',
  },
  CATALOG_CACHE_MB: {
    meaning:
      'memory for rendered storefront catalog reads, in MiB; 0 turns the cache off (docs/decisions/0012-read-caches.md)',
  },
  SEED_DEMO: {
    meaning: 'seed the demo shop into an empty database',
    default: 'true on the embedded database, false with DATABASE_URL',
  },
  AUTH_SECRET: {
    meaning: 'secret for sessions and tokens; required (32+ characters) in production and with DATABASE_URL',
    default: 'development default',
  },
  LOG_LEVEL: { meaning: 'pino level: fatal \u2026 trace, or silent' },
  TRUST_PROXY: { meaning: 'trust X-Forwarded-* from a load balancer (per-IP sign-in limits need it there)' },
  AUTH_RATE_LIMIT_FACTOR: {
    meaning:
      'multiplies the sign-in, sign-up, reset and two-factor attempt limits (staff behind one address)',
  },
  SHOP_NAME: { meaning: "the shop's name in pages and emails" },
  SHOP_LOGO_URL: {
    meaning: 'the logo at the top of every email (PNG or JPEG reads best in mail clients)',
    default: 'PUBLIC_URL + /favicon.svg',
  },
  MAILER: { meaning: 'outbox (stored in the database, readable by admins in the back office) or smtp' },
  SMTP_URL: { meaning: 'smtp://user:pass@host:587 or smtps://...; required with MAILER=smtp' },
  MAIL_FROM: { meaning: 'sender of every email' },
  ADMIN_EMAIL: { meaning: 'npm run create-admin only: the admin to create (instead of --email)' },
  ADMIN_PASSWORD: { meaning: 'npm run create-admin only: their password (instead of --password)' },
  AI_PROVIDER: {
    meaning:
      "local (offline rules: spacing, case, a/an, its/it's, units, misspellings) or openai (any OpenAI-compatible API)",
  },
  AI_BASE_URL: { meaning: 'chat completions base URL (http://127.0.0.1:11434/v1 for Ollama)' },
  AI_API_KEY: { meaning: 'bearer key; required with AI_PROVIDER=openai on api.openai.com' },
  AI_MODEL: { meaning: 'model name sent to the provider' },
  AI_TIMEOUT_MS: { meaning: 'give up on the AI provider after this long' },
  UPLOADS_STORAGE: { meaning: 'product images in DATA_DIR/uploads (local) or an S3-compatible bucket (s3)' },
  S3_ENDPOINT: { meaning: 'https://s3.us-east-1.amazonaws.com, an R2 or MinIO URL; required with s3' },
  S3_REGION: { meaning: 'signing region (auto for R2)' },
  S3_BUCKET: { meaning: 'bucket name; required with UPLOADS_STORAGE=s3' },
  S3_ACCESS_KEY_ID: { meaning: 'access key; required with UPLOADS_STORAGE=s3' },
  S3_SECRET_ACCESS_KEY: { meaning: 'secret key; required with UPLOADS_STORAGE=s3' },
  S3_PUBLIC_URL: {
    meaning: 'public base URL of the images (a CDN or the bucket website); use https',
    default: 'the object URL',
  },
  S3_FORCE_PATH_STYLE: { meaning: 'endpoint/bucket/key addresses; false for bucket.endpoint/key' },
  PAYMENT_PROVIDER: {
    meaning:
      'local (offline test card page at /pay/:id; no real payments, refused in production without ALLOW_TEST_PAYMENTS=true), stripe (Stripe Checkout) or paypal; the default of Settings → Payments',
  },
  ALLOW_TEST_PAYMENTS: {
    meaning:
      'true lets a production shop (NODE_ENV=production) start with PAYMENT_PROVIDER=local, on purpose (a demo or staging shop): payments are simulated and no card is charged. Without it production refuses the local provider. With local, in any environment, the storefront and back office show a "Test mode" banner on every page and the setup checklist leaves payments to do (docs/security.md (docs/security.md#test-payments-in-a-live-shop))',
  },
  STRIPE_SECRET_KEY: { meaning: 'Stripe secret key; required with PAYMENT_PROVIDER=stripe' },
  STRIPE_WEBHOOK_SECRET: {
    meaning: 'signing secret of the /api/webhooks/stripe endpoint; required with Stripe',
  },
  STRIPE_API_BASE: { meaning: 'another Stripe API origin (tests use a local fake)' },
  PAYPAL_CLIENT_ID: {
    meaning: "PayPal REST app's client id (developer.paypal.com, Apps & Credentials); required with PayPal",
  },
  PAYPAL_CLIENT_SECRET: { meaning: "PayPal REST app's secret; required with PayPal" },
  PAYPAL_WEBHOOK_ID: {
    meaning: 'the id PayPal gave the /api/webhooks/paypal webhook: events are verified against it',
  },
  PAYPAL_ENVIRONMENT: { meaning: 'sandbox (test accounts, no money moves) or live' },
  PAYPAL_API_BASE: { meaning: 'another PayPal API origin (tests use a local fake)' },
  TAX_PROVIDER: {
    meaning:
      "table (the shop's rates by country and state, Settings \u2192 Shipping and taxes) or stripe (Stripe Tax works out the rate for each address; needs STRIPE_SECRET_KEY). Decision 0069 (docs/decisions/0069-taxes-by-place.md)",
  },
  CHECKOUT_SESSION_TTL_MINUTES: {
    meaning:
      "read once, on the first start without shipping zones: Settings \u2192 Checkout's stock hold, in minutes",
  },
  ROLE: {
    meaning:
      'all: HTTP and background jobs in one process; web: HTTP only (jobs it queues run elsewhere); worker: jobs only, HTTP answers /api/health',
  },
  JOB_TIMEOUT_SECONDS: {
    meaning:
      'a background job still running after this long is stopped (its signal aborts) and tried again; one whose worker died is tried again a grace later (a fifth of this, 2 to 60 s)',
  },
  JOB_RETRY_DELAY_SECONDS: {
    meaning:
      "wait before a failed job's first retry; doubles with each retry (5 retries, then Settings \u2192 Jobs lists it as failed)",
  },
  JOB_POLL_SECONDS: { meaning: 'how often an idle worker looks for new jobs (at least 0.5)' },
  CHECKOUT_SWEEP_INTERVAL_SECONDS: {
    meaning:
      'period of the scheduled job that cancels expired checkouts (once per period across all workers); 0 turns it off',
  },
  CHECKOUT_RECONCILE_INTERVAL_SECONDS: {
    meaning: 'how often payments taken at the local provider but never completed are recorded; 0: never',
  },
  ABANDONED_CHECKOUT_MINUTE_SECONDS: {
    meaning:
      'seconds in a minute of the abandoned-checkout delay: 60, shorter only for end-to-end tests (refused in production)',
  },
  REVIEW_REQUEST_INTERVAL_SECONDS: {
    meaning:
      'how often delivered orders are checked for a due review request email (the delay in days is a shop setting); 0: never',
  },
  SHIPPING_FLAT_CENTS: {
    meaning:
      'read once, on the first start without shipping zones: the "Everywhere" zone\'s flat rate, in cents',
  },
  SHIPPING_FREE_OVER_CENTS: {
    meaning: 'read once, as above: that zone ships free from this subtotal',
    default: 'unset',
  },
  TAX_RATE_BPS: {
    meaning:
      'read once, as above: one tax rate in basis points (825 = 8.25%) for every country; unset, a new shop charges no tax until its admin adds places (or "Add standard rates": US states, Canadian provinces, EU and UK VAT, Japan) in Settings \u2192 Shipping and taxes; the demo shop starts with the standard rates',
  },
  WEBHOOK_TIMEOUT_SECONDS: {
    meaning: 'how long a webhook receiver has to answer one delivery (docs/webhooks.md)',
  },
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: {
    meaning: 'let webhook endpoints be on loopback or private networks; off in production (SSRF)',
    default: 'on outside production',
  },
  METRICS_TOKEN: {
    meaning:
      'bearer token for GET /metrics (Prometheus text format); unset: no metrics endpoint (404). Decision 0031 (docs/decisions/0031-metrics-and-health.md)',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    meaning:
      'OpenTelemetry collector (OTLP over HTTP, e.g. http://localhost:4318): a span per request and per job is sent to <url>/v1/traces; unset: no tracing. OTEL_SERVICE_NAME names the service (default cartwheel). Decision 0037 (docs/decisions/0037-opentelemetry-traces.md)',
  },
  OTEL_SERVICE_NAME: { meaning: 'the service name on OpenTelemetry traces' },
  CDN_PURGE: {
    meaning:
      'where a catalog change purges cached reads by tag: varnish, cloudflare, fastly or none. Decision 0036 (docs/decisions/0036-shared-http-caching.md)',
  },
  VARNISH_PURGE_URLS: {
    meaning:
      'comma-separated Varnish addresses that take a PURGE with X-Purge-Tags; required with CDN_PURGE=varnish',
  },
  CLOUDFLARE_ZONE_ID: {
    meaning: 'the zone and an API token with Cache Purge permission; required with CDN_PURGE=cloudflare',
  },
  CLOUDFLARE_API_TOKEN: {
    meaning: 'the zone and an API token with Cache Purge permission; required with CDN_PURGE=cloudflare',
  },
  FASTLY_SERVICE_ID: {
    meaning: 'the service and an API token with purge_select scope; required with CDN_PURGE=fastly',
  },
  FASTLY_API_TOKEN: {
    meaning: 'the service and an API token with purge_select scope; required with CDN_PURGE=fastly',
  },
  RETURN_LABELS: {
    meaning:
      'who makes the label of an approved return: builtin (a printable PDF with the RMA number, both addresses and a QR code; the shopper pays the postage) or easypost (a prepaid return label bought from EasyPost; needs EASYPOST_API_KEY). Decision 0086 (docs/decisions/0086-returns.md)',
  },
  EASYPOST_API_KEY: { meaning: 'EasyPost API key; required with RETURN_LABELS=easypost' },
  EASYPOST_API_BASE: { meaning: 'another EasyPost API origin (tests use a local fake)' },
  EXCHANGE_RATES_URL: {
    meaning:
      "a daily file of exchange rates in the ECB's eurofxref-daily.xml format (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml): a job fetches it daily and rebases the rates to the base currency; unset, or when a fetch fails, the rates set in Settings \u2192 Markets stay. Decision 0067 (docs/decisions/0067-markets.md)",
  },
};
