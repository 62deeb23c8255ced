import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { signingSecret } from '../accounts/auth.ts';

type SigningConfig = Pick<Config, 'authSecret' | 'publicUrl'>;

/** A review link opens the form for this long after the request email. */
export const REVIEW_LINK_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (config: SigningConfig, payload: string) =>
  createHmac('sha256', signingSecret(config)).update(`review:${payload}`).digest('base64url');

/**
 * The token in a review request's link: the order, the product and the last day it works, signed
 * with the shop's secret. It needs no storage; the order is checked again when the link is used.
 */
export function reviewToken(config: SigningConfig, orderId: string, productId: string, now: Date): string {
  const until = Math.floor(now.getTime() / DAY_MS) + REVIEW_LINK_DAYS;
  const payload = `${orderId}.${productId}.${until}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(config, payload)}`;
}

/** The order and product a token was made for, or null for a token this shop did not make or that expired. */
export function verifyReviewToken(
  config: SigningConfig,
  token: string,
  now: Date,
): { orderId: string; productId: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const payload = Buffer.from(parts[0], 'base64url').toString('utf8');
  const expected = Buffer.from(signature(config, payload));
  const actual = Buffer.from(parts[1]);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const [orderId = '', productId = '', until = ''] = payload.split('.');
  if (!UUID.test(orderId) || !UUID.test(productId)) return null;
  if (Number(until) < Math.floor(now.getTime() / DAY_MS)) return null;
  return { orderId, productId };
}

/** The storefront page a review request links to. */
export const reviewUrl = (config: SigningConfig, token: string) =>
  `${config.publicUrl}/review/${encodeURIComponent(token)}`;
