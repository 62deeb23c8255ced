import { createHmac, timingSafeEqual } from 'node:crypto';
import { localeOfPrefix, localizePath } from '@cartwheel/shared/locale';
import type { Config } from '../../config.ts';
import { signingSecret } from '../accounts/auth.ts';

// Where a payment page sends the shopper back to: always the configured public URL, never the
// request's, in the language the checkout was placed in. The success page is the order's receipt,
// opened by a signed token (docs/decisions/0072-checkout-as-a-page.md).

type UrlConfig = Pick<Config, 'authSecret' | 'publicUrl'>;

/** How long a receipt link opens the receipt: long enough to come back to it from the browser's history. */
export const RECEIPT_LINK_DAYS = 30;

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (config: UrlConfig, orderId: string, expires: string) =>
  createHmac('sha256', signingSecret(config)).update(`receipt:${orderId}:${expires}`).digest('base64url');

/** The receipt's token: the order id, its expiry (seconds, base 36) and their HMAC under the shop's secret. */
export function receiptToken(config: UrlConfig, orderId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000 + RECEIPT_LINK_DAYS * 24 * 60 * 60).toString(36);
  return `${orderId}.${expires}.${signature(config, orderId, expires)}`;
}

/** The order a receipt token opens, or null when it is malformed, forged, made for another order, or expired. */
export function verifyReceiptToken(config: UrlConfig, token: string, now = Date.now()): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [orderId = '', expires = '', given = ''] = parts;
  if (!ORDER_ID.test(orderId) || !/^[0-9a-z]{1,10}$/.test(expires)) return null;
  const expected = Buffer.from(signature(config, orderId, expires));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return Number.parseInt(expires, 36) * 1000 > now ? orderId : null;
}

const prefixOf = (locale: string | null | undefined) => localeOfPrefix(locale ?? '')?.prefix ?? '';

/**
 * The storefront's success page: the receipt of the order, whoever opens it (the token is the key).
 * `issuedAt`: when the payment session was opened, so that every answer gives the same address.
 */
export function checkoutSuccessUrl(
  config: UrlConfig,
  orderId: string,
  locale?: string | null,
  issuedAt = new Date(),
): string {
  const token = receiptToken(config, orderId, issuedAt.getTime());
  const path = `/checkout/success?receipt=${encodeURIComponent(token)}`;
  return `${config.publicUrl}${localizePath(path, prefixOf(locale))}`;
}

/** Back from the payment page without paying: the cancel page (the cart is kept, the stock returned). */
export function checkoutCancelUrl(config: Pick<Config, 'publicUrl'>, locale?: string | null): string {
  return `${config.publicUrl}${localizePath('/checkout/cancel', prefixOf(locale))}`;
}
