/**
 * Every queue the shop has, created with the database (installJobQueue). A module that adds background
 * work adds its queue here and registers its handler on app.jobs (define or schedule).
 */
export const JOB_QUEUES = [
  /** One email recorded in email_outbox, handed to the SMTP server (email/email-delivery.ts). */
  'email-deliver',
  /** Scheduled: cancels expired checkouts and returns their stock (checkout/expire-checkouts.ts). */
  'checkout-expire',
  /** Scheduled: records payments taken at the provider whose completion never arrived (checkout/reconcile-payments.ts). */
  'checkout-reconcile',
  /** Scheduled: finishes refunds a stopped process left pending (orders/reconcile-refunds.ts). */
  'refund-reconcile',
  /** Scheduled: emails shoppers who left a checkout unpaid, when the shop turned it on (marketing/abandoned-checkouts.ts). */
  'abandoned-checkout',
  /** Scheduled: emails the shoppers waiting for items whose stock came back (stock-alerts/send-stock-alerts.ts). */
  'stock-alerts',
  /** Scheduled: asks buyers to review what was delivered, when the shop turned it on (reviews/review-requests.ts). */
  'review-request',
  /** One webhook event POSTed to one endpoint, retried with backoff (apps/webhook-delivery.ts). */
  'webhook-deliver',
  /** The images one imported product names by URL, fetched and stored (catalog/product-image-import.ts). */
  'product-image-import',
  /** The AVIF and WebP copies by width of one stored product image (catalog/product-image-variants.ts). */
  'image-variants',
  /** Scheduled: makes the copies of images that have none, e.g. stored before copies existed (same file). */
  'image-variants-backfill',
  /** Cache tags to purge from the CDN after a catalog change (cdn/cdn-purges.ts). */
  'cdn-purge',
  /** Scheduled, when EXCHANGE_RATES_URL is set: the day's exchange rates (markets/exchange-rates-feed.ts). */
  'exchange-rates-fetch',
  /** One batch of an email campaign, at the shop's rate; queues the next (campaigns/campaign-sending.ts). */
  'campaign-send',
  /** Scheduled: emails the gift cards bought in the shop whose send date has come (gift-cards/gift-card-orders.ts). */
  'gift-card-send',
  /** Scheduled: reminds wholesale customers of invoices on payment terms coming due (wholesale/payment-terms.ts). */
  'payment-reminders',
] as const;

export type JobName = (typeof JOB_QUEUES)[number];

/**
 * Queues that keep one waiting job per key (pg-boss's `short` policy): a second enqueue with the key of
 * a job not yet started is dropped, since that job will do the same work (jobs.enqueueUnlessQueued).
 */
export const DEDUPLICATED_QUEUES: ReadonlySet<JobName> = new Set<JobName>(['cdn-purge']);

/** pg-boss keeps its tables in this schema, beside ours. */
export const JOBS_SCHEMA = 'pgboss';
