import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { signingSecret } from '../accounts/auth.ts';

type SigningConfig = Pick<Config, 'authSecret' | 'publicUrl'>;

/** A review link opens the form for this long after the request email. */
export const REVIEW_LINK_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 128 bits of HMAC: the link must stay short (a path parameter), and guessing 2^128 is out of reach. */
const MAC_BYTES = 16;
const PAYLOAD_BYTES = 36;

const mac = (config: SigningConfig, payload: Buffer) =>
  createHmac('sha256', signingSecret(config))
    .update('review:')
    .update(payload)
    .digest()
    .subarray(0, MAC_BYTES);

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * The token in a review request's link: the order, the product and the last day it works (as bytes),
 * then their HMAC under the shop's secret, in base64url. It needs no storage; the order is checked
 * again when the link is used.
 */
export function reviewToken(config: SigningConfig, orderId: string, productId: string, now: Date): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  uuidBytes(orderId).copy(payload, 0);
  uuidBytes(productId).copy(payload, 16);
  payload.writeUInt32BE(Math.floor(now.getTime() / DAY_MS) + REVIEW_LINK_DAYS, 32);
  return Buffer.concat([payload, mac(config, payload)]).toString('base64url');
}

/** The order and product a token was made for, or null for a token this shop did not make or that expired. */
export function verifyReviewToken(
  config: SigningConfig,
  token: string,
  now: Date,
): { orderId: string; productId: string } | null {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(config, payload))) return null;
  if (payload.readUInt32BE(32) < Math.floor(now.getTime() / DAY_MS)) return null;
  return { orderId: uuidOf(payload.subarray(0, 16)), productId: uuidOf(payload.subarray(16, 32)) };
}

/** The storefront page a review request links to. */
export const reviewUrl = (config: SigningConfig, token: string) =>
  `${config.publicUrl}/review/${encodeURIComponent(token)}`;
