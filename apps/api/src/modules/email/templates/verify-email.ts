import type { Config } from '../../../config.ts';
import type { EmailMessage } from '../mailer.ts';

/**
 * Confirms a new account's email address. The account works before; confirming proves the address,
 * which lets the shopper see orders they placed as a guest with it (order-links.ts).
 */
export function verifyEmailMessage(to: string, url: string, config: Pick<Config, 'shopName'>): EmailMessage {
  return {
    to,
    kind: 'verify_email',
    subject: `Confirm your email for ${config.shopName}`,
    text: `Welcome to ${config.shopName}!\n\nConfirm your email address here:\n${url}\n\nOnce it is confirmed, orders you placed as a guest with this address appear in your account.\n\nIf you did not create an account, ignore this email.`,
  };
}
