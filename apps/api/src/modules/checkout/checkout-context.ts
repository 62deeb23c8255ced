import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { WebhookEmitter } from '../apps/webhook-events.ts';
import type { Mailer } from '../email/mailer.ts';
import type { MarketsCache } from '../markets/market-cache.ts';
import type { PaymentRouter } from '../payments/payment-router.ts';
import type { TaxProvider } from '../pricing/tax-provider.ts';
import type { PricingRulesCache } from './pricing-rules.ts';
import type { SoldOutMarks } from './sold-out.ts';

export interface CheckoutLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * What the checkout flows need: the database, the settings, the payment provider, the mailer and
 * the pricing rules kept in memory (decision 0021).
 */
export interface CheckoutContext {
  db: Db;
  pricingRules: PricingRulesCache;
  /** The markets and their exchange rates: a checkout is priced in its market's currency. */
  markets?: MarketsCache;
  config: Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl' | 'authSecret' | 'checkout'>;
  /** Every configured payment provider; new sessions go to the one the settings choose. */
  provider: PaymentRouter;
  /** The tax service (TAX_PROVIDER=stripe); absent: the shop's table of rates by place. */
  taxProvider?: TaxProvider;
  mailer: Mailer;
  /** Events for the shop's webhook endpoints (order.created, order.paid, inventory.low...). */
  webhooks: WebhookEmitter;
  log: CheckoutLog;
  /** Rows known sold out and the per-row admission of reservations (a flash sale); none in most tests. */
  soldOut?: SoldOutMarks;
  /** Counts how a checkout step ended (metrics): session_created, paid, or the refusal's error code. */
  countOutcome?: (outcome: string) => void;
}
