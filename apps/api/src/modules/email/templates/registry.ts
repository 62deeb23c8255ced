import { abandonedCheckout } from './abandoned-checkout.tsx';
import { guestOrderLink } from './guest-order-link.tsx';
import { orderConfirmation } from './order-confirmation.tsx';
import { passwordReset } from './password-reset.tsx';
import type { EmailTemplate } from './template.ts';
import { verifyEmail } from './verify-email.tsx';
import { welcome } from './welcome.tsx';

/** Every email the shop sends, in the order the back office lists them. */
export const TEMPLATES = {
  order_confirmation: orderConfirmation,
  guest_order_link: guestOrderLink,
  password_reset: passwordReset,
  verify_email: verifyEmail,
  welcome,
  abandoned_checkout: abandonedCheckout,
};

export type TemplateKind = keyof typeof TEMPLATES;
export type TemplateData<K extends TemplateKind> =
  (typeof TEMPLATES)[K] extends EmailTemplate<infer D> ? D : never;
