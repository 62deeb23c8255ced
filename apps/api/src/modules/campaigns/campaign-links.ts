import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { signingSecret } from '../accounts/auth.ts';

// The tracking links in a campaign email. A recipient token is the recipient's id and its HMAC; a
// click link carries the target and an HMAC of the campaign and target, so no one can make the
// redirect point elsewhere (and the route also refuses any target off the shop's site).

type SigningConfig = Pick<Config, 'authSecret' | 'publicUrl'>;

const mac = (config: SigningConfig, text: string) =>
  createHmac('sha256', signingSecret(config)).update(text).digest('base64url');

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const recipientToken = (config: SigningConfig, recipientId: string) =>
  `${recipientId}.${mac(config, `campaign-recipient:${recipientId}`)}`;

/** The recipient id a token was made for, or null for a token this shop did not make. */
export function verifyRecipientToken(config: SigningConfig, token: string): string | null {
  const [id, given, ...rest] = token.split('.');
  if (!id || !given || rest.length || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return same(given, mac(config, `campaign-recipient:${id}`)) ? id : null;
}

export const linkSignature = (config: SigningConfig, campaignId: string, url: string) =>
  mac(config, `campaign-link:${campaignId}:${url}`);

export const verifyLinkSignature = (config: SigningConfig, campaignId: string, url: string, given: string) =>
  same(given, linkSignature(config, campaignId, url));

/** The redirect a tracked link goes through. `token` is the recipient's token (or a marker for it). */
export const clickUrl = (config: SigningConfig, campaignId: string, url: string, token: string) =>
  `${config.publicUrl}/api/campaigns/click/${campaignId}/${token}?u=${encodeURIComponent(url)}&s=${linkSignature(config, campaignId, url)}`;

/** The open-tracking image of a recipient. */
export const openUrl = (config: SigningConfig, token: string) =>
  `${config.publicUrl}/api/campaigns/open/${token}.gif`;
