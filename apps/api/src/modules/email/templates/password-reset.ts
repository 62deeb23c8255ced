import type { Config } from '../../../config.ts';
import type { EmailMessage } from '../mailer.ts';

/** The password-reset email: the link to set a new password (it works once, for one hour). */
export function passwordResetEmail(to: string, url: string, config: Pick<Config, 'shopName'>): EmailMessage {
  return {
    to,
    kind: 'password_reset',
    subject: `Reset your ${config.shopName} password`,
    text: `Someone asked to reset the password of your ${config.shopName} account.\n\nSet a new password here (the link works once, for one hour):\n${url}\n\nIf it was not you, ignore this email: your password stays as it is.`,
  };
}
