import { createHmac, randomBytes } from 'node:crypto';

/** Signing secrets start with this, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * The `Cartwheel-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed
 * with the endpoint's secret, as Stripe signs its events. The timestamp inside the signed text lets
 * a receiver refuse replays of an old delivery (docs/webhooks.md has the verification code).
 */
export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
