import { createHmac, randomBytes } from 'node:crypto';

/** Signing secrets start with this, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** `whsec_` and 32 random bytes in standard base64: the form Standard Webhooks libraries read. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The `Cartwheel-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed
 * with the endpoint's whole secret string, as Stripe signs its events. The timestamp inside the signed
 * text lets a receiver refuse replays of an old delivery (docs/webhooks.md has the verification code).
 */
export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/**
 * The key Standard Webhooks signs with: the bytes the secret's base64 stands for. Node's decoder also
 * reads base64url, the alphabet of the secrets made before decision 0079, so those sign the same way.
 */
function standardKey(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/**
 * The Standard Webhooks headers (standardwebhooks.com): `webhook-id` (the event's id, the same on
 * every retry), `webhook-timestamp` and `webhook-signature` = `v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">`, so a receiver can verify with an off-the-shelf library.
 */
export function standardWebhookHeaders(
  secret: string,
  messageId: string,
  body: string,
  timestampSeconds: number,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const signature = createHmac('sha256', standardKey(secret))
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
