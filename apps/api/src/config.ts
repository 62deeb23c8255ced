import { resolve } from 'node:path';
import { z } from 'zod';
import {
  type PaymentsConfig,
  paymentsConfig,
  paymentsEnv,
  providerKeyProblems,
  testPaymentProblems,
} from './config-payments.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the API reads from its environment (README.md "Configuration", .env.example). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  // The OpenAPI document and its viewer at /api/docs; off by default in production.
  API_DOCS: z.enum(['on', 'off']).optional(),
  // More origins whose pages may write through the API (comma-separated), beside PUBLIC_URL.
  TRUSTED_ORIGINS: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Behind a pooler in transaction mode (PgBouncer 1.18 keeps no prepared statements): false.
  DATABASE_PREPARE: bool.default(true),
  // A connection straight to PostgreSQL for LISTEN (a transaction pooler cannot carry it).
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Streaming replicas for catalog and storefront reads (comma-separated postgres:// URLs).
  DATABASE_READ_URL: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, 'must be postgres:// or postgresql:// URLs')))
    .optional(),
  CATALOG_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  SEED_DEMO: bool.optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  // Multiplies every sign-in, sign-up, reset and two-factor attempt limit (rate-limit.ts): for a shop
  // whose staff all sign in from one address (a shop floor behind one router), and the e2e suite.
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  SHOP_NAME: z.string().min(1).default('Cartwheel'),
  SHOP_LOGO_URL: z.url('must be an http(s) URL').optional(),
  MAILER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Cartwheel <shop@localhost>'),
  // Only read by `npm run create-admin` (instead of --email/--password).
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().optional(),
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  UPLOADS_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  ...paymentsEnv,
  // Who computes tax: the shop's table of rates by place, or Stripe Tax (needs STRIPE_SECRET_KEY).
  TAX_PROVIDER: z.enum(['table', 'stripe']).default('table'),
  CHECKOUT_SESSION_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // What this process does: all (HTTP and background jobs), web (HTTP only) or worker (jobs only).
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  CHECKOUT_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // How often payments taken at the local provider but never completed are recorded (0: never).
  CHECKOUT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // Seconds in a minute of the abandoned-checkout delay: 60, shorter only for end-to-end tests.
  ABANDONED_CHECKOUT_MINUTE_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  // How often delivered orders are checked for a due review request (0: never).
  REVIEW_REQUEST_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  SHIPPING_FLAT_CENTS: z.coerce.number().int().min(0).max(10_000_000).default(0),
  SHIPPING_FREE_OVER_CENTS: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  TAX_RATE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool.optional(),
  // Bearer token for GET /metrics (Prometheus); unset: no metrics endpoint.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: at least 16 characters').optional(),
  // OpenTelemetry: traces go to this OTLP/HTTP collector (the exporter adds /v1/traces); unset: none.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url('OTEL_EXPORTER_OTLP_ENDPOINT: an http(s) URL').optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default('cartwheel'),
  // Purges of a CDN's cached catalog reads by tag (docs/decisions/0036-shared-http-caching.md).
  CDN_PURGE: z.enum(['none', 'varnish', 'cloudflare', 'fastly']).default('none'),
  VARNISH_PURGE_URLS: z.string().optional(),
  CLOUDFLARE_ZONE_ID: z.string().min(1).optional(),
  CLOUDFLARE_API_TOKEN: z.string().min(1).optional(),
  FASTLY_SERVICE_ID: z.string().min(1).optional(),
  FASTLY_API_TOKEN: z.string().min(1).optional(),
  // Return labels (returns/return-labels.ts): the built-in printable PDF, or bought from EasyPost.
  RETURN_LABELS: z.enum(['builtin', 'easypost']).default('builtin'),
  EASYPOST_API_KEY: z.string().min(1).optional(),
  EASYPOST_API_BASE: z.url('must be an http(s) URL').optional(),
  // The daily exchange rates in the ECB's eurofxref-daily.xml format; unset: rates are kept by hand.
  EXCHANGE_RATES_URL: z.url('must be an http(s) URL').optional(),
});

export type SettingName = keyof typeof envSchema.shape;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The shop's public origin; links in emails and payment redirects are built from it, never from a request. */
  publicUrl: string;
  /** Serve the OpenAPI document and viewer at /api/docs (API_DOCS; off in production unless set on). */
  apiDocs: boolean;
  /** The origins whose pages may send state-changing requests (PUBLIC_URL's first). */
  trustedOrigins: string[];
  dataDir: string;
  /** Unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Prepared statements on PostgreSQL (DATABASE_PREPARE); off behind a transaction pooler. */
  databasePrepare: boolean;
  /** Where LISTEN connects (DATABASE_DIRECT_URL); unset: DATABASE_URL. */
  databaseDirectUrl: string | undefined;
  /** Read replicas for catalog and storefront reads (DATABASE_READ_URL); empty: all on the primary. */
  databaseReadUrls: string[];
  /**
   * Memory for rendered storefront catalog reads, in MiB; 0 turns the cache off
   * (docs/decisions/0012-read-caches.md).
   */
  catalogCacheMb: number;
  seedDemo: boolean;
  authSecret: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** AUTH_RATE_LIMIT_FACTOR: the attempt limits of the auth endpoints are multiplied by it (1 = as listed). */
  authRateLimitFactor: number;
  shopName: string;
  /** The logo at the top of every email (SHOP_LOGO_URL; default the storefront's icon). */
  shopLogoUrl: string;
  mailer: {
    provider: 'outbox' | 'smtp';
    smtpUrl: string | undefined;
    from: string;
    /**
     * The back office's outbox shows sign-in secrets (reset and order links) only when it is the
     * shop's sole mail channel in development; otherwise admins could take over other accounts.
     */
    outboxShowsSecrets: boolean;
  };
  /** The first admin's credentials for `npm run create-admin` when not given as arguments. */
  createAdmin: { email: string | undefined; password: string | undefined };
  /** The product copy rewriter: `local` (offline, deterministic) or any OpenAI-compatible endpoint. */
  ai: {
    provider: 'local' | 'openai';
    baseUrl: string;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
  };
  /** Where uploaded product images go: DATA_DIR/uploads, or an S3-compatible bucket. */
  uploads: {
    storage: 'local' | 's3';
    s3: {
      endpoint: string | undefined;
      region: string;
      bucket: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      /** Base URL the images are served from (a CDN or the bucket's public address). */
      publicUrl: string | undefined;
      forcePathStyle: boolean;
    };
  };
  /**
   * The hosted checkout: `local` (offline test page at /pay/:id), Stripe Checkout or PayPal. `provider`
   * is the default; Settings → Payments may choose another configured one (docs/decisions/0075-paypal-provider.md).
   */
  payments: PaymentsConfig;
  /** Who computes tax: the table of rates by place (`table`), or Stripe Tax. Decision 0069. */
  taxProvider: 'table' | 'stripe';
  /**
   * What this process runs: `all` (HTTP and background jobs, the default), `web` (HTTP only; jobs it
   * queues run elsewhere) or `worker` (jobs only, with a health endpoint). docs/decisions/0025-job-queue.md.
   */
  role: 'all' | 'web' | 'worker';
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); undefined: the endpoint answers 404. */
  metricsToken: string | undefined;
  /** OpenTelemetry traces over OTLP/HTTP when `endpoint` is set (decision 0037); undefined: no tracing. */
  tracing: { endpoint: string; serviceName: string } | undefined;
  /** Outbound webhooks (modules/apps, docs/webhooks.md). */
  webhooks: {
    /** How long a receiver has to answer one delivery. */
    timeoutSeconds: number;
    /**
     * Whether endpoints may be on loopback or private networks (WEBHOOK_ALLOW_PRIVATE_NETWORKS;
     * default off in production, where it would let an admin's URL probe the internal network).
     */
    allowPrivateNetworks: boolean;
  };
  /** The durable job queue (modules/jobs). */
  jobs: {
    /**
     * A run still going after this long is aborted (its signal) and the job tried again; a job whose
     * worker died is tried again a grace later (jobs.ts, expiryGraceSeconds).
     */
    timeoutSeconds: number;
    /** The wait before the first retry of a failed job; it doubles with each retry. */
    retryDelaySeconds: number;
    /** How often an idle worker looks for new jobs. */
    pollSeconds: number;
  };
  /** Where catalog changes purge cached reads by tag (CDN_PURGE; none: no purges are queued). */
  cdn: CdnConfig;
  /** Product reviews (docs/decisions/0090-product-reviews.md). */
  reviews: {
    /** The period of the scheduled review-request job (one run per period across all workers); 0: never. */
    requestIntervalSeconds: number;
  };
  /** Checkout rules (docs/decisions/0009-checkout-and-payments.md). Money in cents. */
  checkout: {
    /** Read once into the stock-hold setting (shipping/default-zones.ts); the setting rules after that. */
    sessionTtlMinutes: number;
    /** The period of the scheduled expiry sweep (one run per period across all workers); 0: never. */
    sweepIntervalSeconds: number;
    /**
     * The period of the reconciliation that records payments the provider took whose completion never
     * arrived (checkout/reconcile-payments.ts); 0: never.
     */
    reconcileIntervalSeconds: number;
    /**
     * How many seconds one minute of the abandoned-checkout delay lasts: 60; end-to-end tests shorten
     * it so as not to wait out the delay. Production refuses anything but 60.
     */
    abandonedMinuteSeconds: number;
    shippingFlatCents: number;
    /** Orders with a subtotal at least this large ship free; unset: never free. */
    shippingFreeOverCents: number | undefined;
    /** Tax on the subtotal in basis points (825 = 8.25%). */
    taxRateBps: number;
  };
  /** Where the daily exchange rates come from (EXCHANGE_RATES_URL); unset: only the back office sets them. */
  exchangeRatesUrl: string | undefined;
  /** Who makes return labels (RETURN_LABELS): the built-in printable PDF, or EasyPost (a bought label). */
  returnLabels: { carrier: 'builtin' } | { carrier: 'easypost'; apiKey: string; apiBase: string | undefined };
}

export type CdnConfig =
  | { purge: 'none' }
  /** Varnish instances, each sent a BAN by tag (deploy/varnish/default.vcl). */
  | { purge: 'varnish'; varnishUrls: string[] }
  | { purge: 'cloudflare'; zoneId: string; apiToken: string }
  | { purge: 'fastly'; serviceId: string; apiToken: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Rules between variables. They read the raw values, so they are reported together with the
 * variables' own errors: one start shows every problem.
 */
function crossFieldProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const nodeEnv = raw.NODE_ENV || 'development';
  if (raw.MAILER === 'smtp' && !raw.SMTP_URL) problems.push('SMTP_URL: required when MAILER=smtp');
  if (raw.UPLOADS_STORAGE === 's3') {
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!raw[key]) problems.push(`${key}: required when UPLOADS_STORAGE=s3`);
    }
  }
  const aiHost = originOf(raw.AI_BASE_URL || 'https://api.openai.com/v1');
  if (raw.AI_PROVIDER === 'openai' && !raw.AI_API_KEY && aiHost === 'https://api.openai.com') {
    problems.push('AI_API_KEY: required when AI_PROVIDER=openai uses api.openai.com');
  }
  problems.push(...providerKeyProblems(raw));
  if (raw.RETURN_LABELS === 'easypost' && !raw.EASYPOST_API_KEY) {
    problems.push('EASYPOST_API_KEY: required when RETURN_LABELS=easypost');
  }
  if (raw.TAX_PROVIDER === 'stripe' && !raw.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_SECRET_KEY: required when TAX_PROVIDER=stripe');
  }
  problems.push(...testPaymentProblems(raw, nodeEnv));
  const minute = raw.ABANDONED_CHECKOUT_MINUTE_SECONDS;
  if (nodeEnv === 'production' && minute !== undefined && Number(minute) !== 60) {
    problems.push('ABANDONED_CHECKOUT_MINUTE_SECONDS: only for tests; a minute is 60 seconds in production');
  }
  if (nodeEnv === 'production' && !raw.AUTH_SECRET) {
    problems.push('AUTH_SECRET: required in production (at least 32 random characters)');
  } else if (nodeEnv === 'development' && raw.DATABASE_URL && !raw.AUTH_SECRET) {
    // A shop on PostgreSQL holds real accounts: the built-in development secret is public, and
    // development mode sends cookies without Secure.
    problems.push(
      'AUTH_SECRET: required with DATABASE_URL (the built-in development secret is public); set AUTH_SECRET to at least 32 random characters, and NODE_ENV=production for a live shop',
    );
  }
  const cdnNeeds = {
    varnish: ['VARNISH_PURGE_URLS'],
    cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
    fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
  } as const;
  const cdn = raw.CDN_PURGE as keyof typeof cdnNeeds | undefined;
  for (const key of cdn && Object.hasOwn(cdnNeeds, cdn) ? cdnNeeds[cdn] : []) {
    if (!raw[key]) problems.push(`${key}: required when CDN_PURGE=${cdn}`);
  }
  for (const url of listed(raw.VARNISH_PURGE_URLS)) {
    if (!originOf(url)) problems.push(`VARNISH_PURGE_URLS: ${url} is not an http(s) URL`);
  }
  for (const origin of listed(raw.TRUSTED_ORIGINS)) {
    if (originOf(origin) !== origin) {
      problems.push(`TRUSTED_ORIGINS: ${origin} is not an origin (scheme://host[:port], no path)`);
    }
  }
  return problems;
}

/** Parses the environment once. Throws a ConfigError listing every bad variable and broken rule. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`)),
    ...crossFieldProblems(env),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    trustedOrigins: trustedOrigins(e, publicUrl),
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : e.NODE_ENV !== 'production',
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePrepare: e.DATABASE_PREPARE,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseReadUrls: e.DATABASE_READ_URL ?? [],
    catalogCacheMb: e.CATALOG_CACHE_MB,
    // Demo data by default only on the embedded database: a shop on PostgreSQL starts empty.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimitFactor: e.AUTH_RATE_LIMIT_FACTOR,
    shopName: e.SHOP_NAME,
    shopLogoUrl: e.SHOP_LOGO_URL ?? `${publicUrl}/favicon.svg`,
    mailer: {
      provider: e.MAILER,
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxShowsSecrets: e.MAILER === 'outbox' && e.NODE_ENV !== 'production',
    },
    createAdmin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    uploads: {
      storage: e.UPLOADS_STORAGE,
      s3: {
        endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
    },
    payments: paymentsConfig(e),
    taxProvider: e.TAX_PROVIDER,
    role: e.ROLE,
    metricsToken: e.METRICS_TOKEN,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ''), serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
    webhooks: {
      timeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
      allowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? e.NODE_ENV !== 'production',
    },
    jobs: {
      timeoutSeconds: e.JOB_TIMEOUT_SECONDS,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
      pollSeconds: e.JOB_POLL_SECONDS,
    },
    cdn: cdnConfig(e),
    checkout: {
      sessionTtlMinutes: e.CHECKOUT_SESSION_TTL_MINUTES,
      sweepIntervalSeconds: e.CHECKOUT_SWEEP_INTERVAL_SECONDS,
      reconcileIntervalSeconds: e.CHECKOUT_RECONCILE_INTERVAL_SECONDS,
      abandonedMinuteSeconds: e.ABANDONED_CHECKOUT_MINUTE_SECONDS,
      shippingFlatCents: e.SHIPPING_FLAT_CENTS,
      shippingFreeOverCents: e.SHIPPING_FREE_OVER_CENTS,
      taxRateBps: e.TAX_RATE_BPS,
    },
    exchangeRatesUrl: e.EXCHANGE_RATES_URL,
    returnLabels:
      e.RETURN_LABELS === 'easypost'
        ? { carrier: 'easypost', apiKey: e.EASYPOST_API_KEY ?? '', apiBase: e.EASYPOST_API_BASE }
        : { carrier: 'builtin' },
    reviews: { requestIntervalSeconds: e.REVIEW_REQUEST_INTERVAL_SECONDS },
  };
}

/** The CDN purge settings; crossFieldProblems has checked that the chosen one's variables are set. */
function cdnConfig(e: z.infer<typeof envSchema>): CdnConfig {
  switch (e.CDN_PURGE) {
    case 'varnish':
      return { purge: 'varnish', varnishUrls: listed(e.VARNISH_PURGE_URLS) };
    case 'cloudflare':
      return {
        purge: 'cloudflare',
        zoneId: e.CLOUDFLARE_ZONE_ID ?? '',
        apiToken: e.CLOUDFLARE_API_TOKEN ?? '',
      };
    case 'fastly':
      return { purge: 'fastly', serviceId: e.FASTLY_SERVICE_ID ?? '', apiToken: e.FASTLY_API_TOKEN ?? '' };
    default:
      return { purge: 'none' };
  }
}

/** The items of a comma-separated setting, trimmed, without empty ones. */
function listed(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `scheme://host[:port]` of a URL, or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * PUBLIC_URL's origin, TRUSTED_ORIGINS, and outside production the same shop reached as localhost or
 * 127.0.0.1 (and the Vite dev server). Sign-in (Better Auth) and the API's write routes trust the same list.
 */
function trustedOrigins(e: z.infer<typeof envSchema>, publicUrl: string): string[] {
  const origins = [originOf(publicUrl) ?? publicUrl, ...listed(e.TRUSTED_ORIGINS)];
  if (e.NODE_ENV !== 'production') {
    for (const port of [e.PORT, 5173]) origins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  }
  return [...new Set(origins)];
}

/**
 * The configuration for a command (the server, create-admin): every bad variable is printed and the
 * answer is null, for the caller to exit with status 1.
 */
export function loadConfigOrReport(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}
