import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { primaryReads, type ReadEvents, type ReadRouter } from './db/read-replicas.ts';
import { type ChangeFeed, silentChangeFeed } from './lib/change-feed.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { requestForLog } from './lib/hide-secrets.ts';
import { registerPrivateByDefault } from './lib/http-cache.ts';
import { type InFlight, trackInFlight } from './lib/in-flight.ts';
import { limitJsonDepth, registerInputGuards } from './lib/input-guards.ts';
import { errForLog } from './lib/log-errors.ts';
import { ReadCache } from './lib/read-cache.ts';
import { QuietRoutineLogController } from './lib/request-log.ts';
import { acceptJsonOnly, registerSameOriginWrites } from './lib/same-origin.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerStaticSites, type SiteDirs } from './lib/static-sites.ts';
import { RENDER_HEADER } from './lib/storefront-render.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { registerAdminGuard } from './modules/accounts/admin-access.ts';
import { createAuth, type PasswordHashing } from './modules/accounts/auth.ts';
import { staffRolesRoutes } from './modules/accounts/staff-roles.routes.ts';
import { registerViewer } from './modules/accounts/viewer.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { aiRoutes } from './modules/ai/ai.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { appExtensionsRoutes } from './modules/apps/app-extensions.routes.ts';
import { appsRoutes } from './modules/apps/apps.routes.ts';
import { registerWebhookDelivery } from './modules/apps/webhook-delivery.ts';
import { createWebhookEmitter, type WebhookEmitter } from './modules/apps/webhook-events.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import { registerCampaignSending } from './modules/campaigns/campaign-sending.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { adminProductsRoutes } from './modules/catalog/admin-products.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { categoryTreeRoutes } from './modules/catalog/category-tree.routes.ts';
import { registerProductImageImport } from './modules/catalog/product-image-import.ts';
import { IMAGE_BACKFILL_SECONDS, registerImageVariants } from './modules/catalog/product-image-variants.ts';
import { registerStorefrontPages } from './modules/catalog/storefront-pages.routes.ts';
import { createCdnPurger } from './modules/cdn/cdn-purger.ts';
import { registerCdnPurges } from './modules/cdn/cdn-purges.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { type Checkout, createCheckout } from './modules/checkout/checkout.ts';
import { PricingRulesCache } from './modules/checkout/pricing-rules.ts';
import { reconcilePayments } from './modules/checkout/reconcile-payments.ts';
import { SoldOutMarks } from './modules/checkout/sold-out.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { menusRoutes } from './modules/content/menus.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { discountsRoutes } from './modules/discounts/discounts.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { draftOrdersRoutes } from './modules/draft-orders/draft-orders.routes.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { registerEmailDelivery } from './modules/email/email-delivery.ts';
import { createMailer, type Mailer } from './modules/email/mailer.ts';
import { feedsRoutes, salesChannelsRoutes } from './modules/feeds/feeds.routes.ts';
import { financesRoutes } from './modules/finances/finances.routes.ts';
import { sendDueGiftCards } from './modules/gift-cards/gift-card-orders.ts';
import { giftCardsRoutes } from './modules/gift-cards/gift-cards.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { createJobs, type Jobs } from './modules/jobs/jobs.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { sendAbandonedCheckoutEmails } from './modules/marketing/abandoned-checkouts.ts';
import { marketingRoutes } from './modules/marketing/marketing.routes.ts';
import { registerExchangeRatesFeed } from './modules/markets/exchange-rates-feed.ts';
import { MarketsCache } from './modules/markets/market-cache.ts';
import { marketsRoutes } from './modules/markets/markets.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createMetrics, type Metrics, recordRequests } from './modules/metrics/metrics.ts';
import { databaseSources } from './modules/metrics/sources.ts';
import { traceRequests } from './modules/metrics/tracing.ts';
import { reconcileEditPayments } from './modules/order-edits/order-edit-payments.ts';
import { orderEditsRoutes, orderPaymentPageRoutes } from './modules/order-edits/order-edits.routes.ts';
import { orderLinksRoutes } from './modules/order-links/order-links.routes.ts';
import { adminOrdersRoutes } from './modules/orders/admin-orders.routes.ts';
import { customerOrdersRoutes } from './modules/orders/customer-orders.routes.ts';
import {
  REFUND_RECONCILE_PERIOD_SECONDS,
  reconcilePendingRefunds,
} from './modules/orders/reconcile-refunds.ts';
import { createPaymentProvider } from './modules/payments/create-payment-provider.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import { paymentSettingsRoutes } from './modules/payments/payment-settings.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createTaxProvider } from './modules/pricing/stripe-tax.ts';
import type { TaxProvider } from './modules/pricing/tax-provider.ts';
import { adminReturnsRoutes } from './modules/returns/admin-returns.routes.ts';
import { returnsRoutes } from './modules/returns/returns.routes.ts';
import { sendReviewRequests } from './modules/reviews/review-requests.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { postgresSearch } from './modules/search/storefront/postgres-search.ts';
import { storefrontSearchRoutes } from './modules/search/storefront/storefront-search.routes.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { sendStockAlerts } from './modules/stock-alerts/send-stock-alerts.ts';
import { stockAlertsRoutes } from './modules/stock-alerts/stock-alerts.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { translationsRoutes } from './modules/translations/translations.routes.ts';
import type { Translator } from './modules/translations/translator.ts';
import { createImageStore } from './modules/uploads/image-store.ts';
import { registerUploadsStatic } from './modules/uploads/uploads.routes.ts';
import { REMINDER_PERIOD_SECONDS, sendPaymentReminders } from './modules/wholesale/payment-terms.ts';
import { wholesaleRoutes } from './modules/wholesale/wholesale.routes.ts';
import { wishlistsRoutes } from './modules/wishlists/wishlists.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The checkout flows. */
    checkout: Checkout;
    /** Events for the shop's webhook endpoints (modules/apps, docs/webhooks.md). */
    webhooks: WebhookEmitter;
    /** The durable job queue: every role enqueues; main.ts starts the handlers unless ROLE=web. */
    jobs: Jobs;
    /** The database of catalog and storefront reads: a caught-up replica or the primary (decision 0040). */
    catalogReads: ReadRouter;
    /** Rendered storefront catalog reads, emptied on every catalog change (decision 0012). */
    catalogCache: ReadCache;
    /** The markets and exchange rates in memory, emptied on every catalog change (decision 0067). */
    markets: MarketsCache;
    /** Requests still being handled; shutdown waits for them before closing the database. */
    inFlight: InFlight;
    /** Prometheus metrics of this process (GET /metrics with METRICS_TOKEN). */
    metrics: Metrics;
  }
}

export interface AppDeps {
  db: Db;
  /**
   * Committed changes announced by the database (openChangeFeed). Without one, the read caches
   * keep nothing.
   */
  changes?: ChangeFeed;
  /**
   * Tests: every GET waits until the changes committed before it have been heard, so a read right
   * after a write never meets a cache entry the write's notification is still on its way to clear.
   */
  syncChangesBeforeReads?: boolean;
  /**
   * Read replicas for the catalog and storefront reads (openReadReplicas); without them every read
   * is on `db`.
   */
  replicas?: (events: ReadEvents) => ReadRouter;
  /** Where the built front ends and demo images are; defaults to the repo's build folders. */
  sites?: SiteDirs;
  /** Defaults to the provider chosen in config (the database outbox unless MAILER=smtp). */
  mailer?: Mailer;
  /** Tests: the only payment provider (else every configured one, PAYMENT_PROVIDER the default). */
  paymentProvider?: PaymentProvider;
  /** Tests: a tax provider of their own (else TAX_PROVIDER decides). */
  taxProvider?: TaxProvider;
  /**
   * The embedded database's snapshot route for `npm run backup` (modules/backups): registered with
   * this token, which main.ts writes to DATA_DIR/ops.json.
   */
  opsToken?: string;
  /** Tests: a translator of their own for the Translate view's AI button (else AI_PROVIDER decides). */
  translator?: Translator;
  /**
   * Tests only (NODE_ENV=test, else buildApp refuses): a cheaper password hash than Better Auth's
   * scrypt, which costs most of a test's sign-up (apps/api/test/test-passwords.ts).
   */
  testPasswordHashing?: PasswordHashing;
  /**
   * Tests only (NODE_ENV=test, else buildApp refuses): imported images may be fetched from loopback (a
   * local test server). No setting reaches this; main.ts never passes it (decision 0035).
   */
  importImagesFromLoopback?: true;
}

/** The longest a rendered catalog read is kept, should a change notification ever be missed. */
const CATALOG_CACHE_TTL_MS = 10_000;

/** Builds the whole HTTP application (API, docs, both front ends) without listening. Tests use it with inject(). */
/** pino-pretty, loaded only in development: production and tests log JSON and never need it. */
async function prettyLogStream() {
  const { default: pinoPretty } = await import('pino-pretty');
  return pinoPretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  if (deps.testPasswordHashing && config.env !== 'test') {
    throw new Error('A test password hash is only for NODE_ENV=test');
  }
  if (deps.importImagesFromLoopback && config.env !== 'test') {
    throw new Error('Fetching imported images from loopback is only for NODE_ENV=test');
  }
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Readable lines in development (`npm start`); JSON in production and tests.
            // A stream in this thread: pino's worker-thread transports do not survive bundling.
            ...(config.env === 'development' ? { stream: await prettyLogStream() } : {}),
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            // A failed query's values (emails, hashes, addresses) and the tokens in links stay out of the log.
            serializers: { err: errForLog, req: requestForLog },
          },
    // Health checks and static files at debug: the info log says what the shop did.
    logController: new QuietRoutineLogController(),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('inFlight', trackInFlight(app));
  const metrics = createMetrics(databaseSources(deps.db, config.databasePoolSize));
  app.decorate('metrics', metrics);
  recordRequests(app, metrics);
  if (config.tracing) traceRequests(app);
  const changes = deps.changes ?? silentChangeFeed;
  if (deps.syncChangesBeforeReads) {
    // The storefront render's own reads are inside a page request that has already caught up.
    app.addHook('onRequest', async (request) => {
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (read && !request.headers[RENDER_HEADER]) await changes.sync();
    });
  }
  const reads = deps.replicas?.(metrics.catalogReads) ?? primaryReads(deps.db, metrics.catalogReads);
  app.decorate('catalogReads', reads);
  // The storefront's search: GET /api/search.
  const search = postgresSearch(reads);
  if (reads.replicated) {
    // Before the cache's own handler: a render that starts once the cache is emptied waits for the
    // new floor, so it cannot refill the cache from a replica that has not replayed the change.
    changes.on('catalog', () => void reads.raiseFloor().catch(() => {}));
    // This process's own writes: its next catalog read must see them even before the notification.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') await reads.raiseFloor();
      return payload;
    });
  }
  app.decorate(
    'catalogCache',
    new ReadCache({
      maxBytes: config.catalogCacheMb * 1024 * 1024,
      ttlMs: CATALOG_CACHE_TTL_MS,
      feed: changes,
      channel: 'catalog',
      onLookup: (hit) => metrics.cacheLookup('catalog', hit),
    }),
  );
  const markets = new MarketsCache(changes);
  app.decorate('markets', markets);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerPrivateByDefault(app);
  registerErrorHandler(app);
  const jobs = createJobs({ db: deps.db, config, log: app.log });
  app.decorate('jobs', jobs);
  const mailer = deps.mailer ?? createMailer(config, deps.db, jobs);
  const delivery = config.mailer.provider === 'smtp' ? registerEmailDelivery(jobs, deps.db, config) : null;
  const purges = registerCdnPurges({ jobs, changes, purger: createCdnPurger(config.cdn), log: app.log });
  // Tests hold every event to the contract docs/webhooks.md publishes.
  const webhooks = createWebhookEmitter(jobs, { checkPayloads: config.env === 'test' });
  registerWebhookDelivery({ jobs, db: deps.db, config, mailer });
  const imageStore = createImageStore(config);
  registerProductImageImport(jobs, deps.db, imageStore, {
    allowLoopback: deps.importImagesFromLoopback === true,
  });
  registerImageVariants(jobs, deps.db, imageStore, app.log, IMAGE_BACKFILL_SECONDS);
  registerExchangeRatesFeed(jobs, deps.db, config.exchangeRatesUrl, app.log);
  registerCampaignSending({ db: deps.db, config, mailer, jobs });
  const auth = createAuth(config, deps.db, mailer, deps.testPasswordHashing);
  registerViewer(app, auth, changes);
  const checkout = createCheckout({
    db: deps.db,
    pricingRules: new PricingRulesCache(),
    markets,
    soldOut: new SoldOutMarks(changes),
    config,
    mailer,
    webhooks,
    provider: await createPaymentProvider(config, deps.db, deps.paymentProvider),
    taxProvider:
      deps.taxProvider ?? createTaxProvider({ provider: config.taxProvider, ...config.payments.stripe }),
    log: app.log,
    countOutcome: metrics.checkoutOutcome,
  });
  app.decorate('checkout', checkout);
  app.decorate('webhooks', webhooks);
  // One run per period across all workers; the sweep itself is safe to run concurrently (row locks).
  jobs.schedule('checkout-expire', config.checkout.sweepIntervalSeconds, async (signal) => {
    const result = await checkout.sweep(signal);
    if (result.expired || result.finalized) app.log.info({ ...result }, 'checkout expiry sweep');
  });
  // Payments the local provider took whose completion never arrived (Stripe's come by its webhook).
  jobs.schedule('checkout-reconcile', config.checkout.reconcileIntervalSeconds, async (signal) => {
    const result = await reconcilePayments(checkout.ctx, signal);
    if (result.recorded) app.log.info({ ...result }, 'payments taken at the provider recorded');
    const edits = await reconcileEditPayments(checkout.ctx, signal);
    if (edits) app.log.info({ edits }, 'amounts due taken at the provider recorded');
  });
  // Refunds left pending by a process that stopped between the provider's answer and the final save.
  jobs.schedule('refund-reconcile', REFUND_RECONCILE_PERIOD_SECONDS, async (signal) => {
    const result = await reconcilePendingRefunds(checkout.ctx, undefined, signal);
    if (result.completed || result.failed) app.log.info({ ...result }, 'pending refunds reconciled');
  });
  // Checked as often as the expiry sweep; sends nothing unless the shop turned recovery on.
  jobs.schedule('abandoned-checkout', config.checkout.sweepIntervalSeconds, async (signal) => {
    await sendAbandonedCheckoutEmails(checkout.ctx, new Date(), signal);
  });
  // Restocks are written down by a trigger whatever raised the stock; this emails those waiting.
  jobs.schedule('stock-alerts', config.checkout.sweepIntervalSeconds, async (signal) => {
    const sent = await sendStockAlerts(checkout.ctx, signal);
    if (sent) app.log.info({ sent }, 'back-in-stock emails queued');
  });
  // Sends nothing unless the shop turned review requests on.
  jobs.schedule('review-request', config.reviews.requestIntervalSeconds, async (signal) => {
    const queued = await sendReviewRequests({ db: deps.db, config, mailer }, new Date(), signal);
    if (queued) app.log.info({ queued }, 'review requests queued');
  });
  // Gift cards bought in the shop whose send date has come (decision 0094).
  jobs.schedule('gift-card-send', config.checkout.sweepIntervalSeconds, async (signal) => {
    const sent = await sendDueGiftCards(checkout.ctx, { signal });
    if (sent) app.log.info({ sent }, 'gift cards sent');
  });
  // Invoices of wholesale orders on payment terms coming due: one reminder each.
  jobs.schedule('payment-reminders', REMINDER_PERIOD_SECONDS, async (signal) => {
    const sent = await sendPaymentReminders(checkout.ctx, new Date(), signal);
    if (sent) app.log.info({ sent }, 'payment reminders queued');
  });
  // Running jobs finish (or are handed back to the queue) before the database closes.
  app.addHook('onClose', async () => {
    await purges.close();
    await jobs.stop();
    await delivery?.close();
    await checkout.settled();
  });
  registerAdminGuard(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https:'],
        // Apps' frames (docs/apps.md): their URLs are https, or http on this machine in development.
        frameSrc: [
          "'self'",
          'https:',
          ...(config.env === 'production' ? [] : ['http://localhost:*', 'http://127.0.0.1:*']),
        ],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
  });
  // After the security headers, so their 403s and 400s carry them too.
  registerSameOriginWrites(app, config.trustedOrigins);
  acceptJsonOnly(app);
  registerInputGuards(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  // Off by default; routes that need it (sign-in, password reset, checkout) opt in with config.rateLimit.
  await app.register(fastifyRateLimit, { global: false });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.shopName} API`, version: '0.1.0' },
      servers: [{ url: config.publicUrl }],
      // API keys (Authorization: Bearer) act on the /api/admin routes with their role; the page's
      // Authorize button takes one.
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from Add apps' },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
    // Named schemas (the recursive category node) become components that the routes' $refs point at.
    transformObject: jsonSchemaTransformObject,
  });
  // The document and its viewer describe every route: a setting, off by default in production.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  if (config.role === 'worker') {
    // A worker answers its health checks and its metrics, nothing else.
    await app.register(systemRoutes, { prefix: '/api' });
    await app.register(metricsRoutes, { metrics, token: config.metricsToken });
    return app;
  }
  await app.register(
    async (api) => {
      limitJsonDepth(api);
      await api.register(systemRoutes);
      await api.register(catalogRoutes);
      await api.register(categoryTreeRoutes);
      await api.register(adminProductsRoutes);
      await api.register(aiRoutes);
      await api.register(cartRoutes);
      await api.register(accountsRoutes, { auth });
      await api.register(staffRolesRoutes);
      await api.register(auditRoutes);
      if (deps.opsToken) await api.register(backupsRoutes, { token: deps.opsToken });
      await api.register(dashboardRoutes);
      await api.register(analyticsRoutes);
      await api.register(searchRoutes);
      await api.register(storefrontSearchRoutes, { provider: search });
      await api.register(adminOrdersRoutes);
      await api.register(documentsRoutes);
      await api.register(orderEditsRoutes);
      await api.register(draftOrdersRoutes);
      await api.register(financesRoutes);
      await api.register(customersRoutes, { auth });
      await api.register(emailRoutes);
      await api.register(marketingRoutes);
      await api.register(campaignsRoutes, { mailer });
      await api.register(stockAlertsRoutes);
      await api.register(wishlistsRoutes);
      await api.register(checkoutRoutes, { checkout });
      await api.register(customerOrdersRoutes);
      await api.register(addressesRoutes);
      await api.register(shippingRoutes);
      await api.register(paymentSettingsRoutes);
      await api.register(marketsRoutes);
      await api.register(wholesaleRoutes);
      await api.register(locationsRoutes);
      await api.register(discountsRoutes);
      await api.register(giftCardsRoutes);
      await api.register(orderLinksRoutes);
      await api.register(returnsRoutes);
      await api.register(adminReturnsRoutes);
      await api.register(jobsRoutes);
      await api.register(appsRoutes);
      await api.register(appExtensionsRoutes);
      await api.register(salesChannelsRoutes);
      await api.register(contentRoutes);
      await api.register(reviewsRoutes);
      await api.register(menusRoutes);
      await api.register(translationsRoutes, deps.translator ? { translator: deps.translator } : {});
    },
    { prefix: '/api' },
  );

  await app.register(paymentsRoutes, { checkout });
  await app.register(orderPaymentPageRoutes);
  await app.register(feedsRoutes);
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });

  await registerUploadsStatic(app, config.dataDir);
  await registerStaticSites(app, deps.sites, registerStorefrontPages);
  return app;
}
