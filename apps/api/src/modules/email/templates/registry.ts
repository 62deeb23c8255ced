import { abandonedCheckout } from './abandoned-checkout.tsx';
import { accountInvite } from './account-invite.tsx';
import { backInStock } from './back-in-stock.tsx';
import { draftOrderInvoice } from './draft-order-invoice.tsx';
import { giftCard, giftCardReceived } from './gift-card.tsx';
import { guestOrderLink } from './guest-order-link.tsx';
import { orderCancelled } from './order-cancelled.tsx';
import { orderConfirmation } from './order-confirmation.tsx';
import { orderDelivered } from './order-delivered.tsx';
import { orderRefunded } from './order-refunded.tsx';
import { orderShipped } from './order-shipped.tsx';
import { orderUpdated } from './order-updated.tsx';
import { passwordReset } from './password-reset.tsx';
import { paymentReminder } from './payment-reminder.tsx';
import {
  returnApproved,
  returnDeclined,
  returnReceived,
  returnRefunded,
  returnRequested,
} from './return-emails.tsx';
import { reviewRequest } from './review-request.tsx';
import type { EmailTemplate } from './template.ts';
import { verifyEmail } from './verify-email.tsx';
import { webhookPaused } from './webhook-paused.tsx';
import { welcome } from './welcome.tsx';

/** Every email the shop sends, in the order the back office lists them. */
export const TEMPLATES = {
  order_confirmation: orderConfirmation,
  order_shipped: orderShipped,
  order_delivered: orderDelivered,
  order_cancelled: orderCancelled,
  order_refunded: orderRefunded,
  return_requested: returnRequested,
  return_approved: returnApproved,
  return_declined: returnDeclined,
  return_received: returnReceived,
  return_refunded: returnRefunded,
  order_updated: orderUpdated,
  guest_order_link: guestOrderLink,
  draft_order_invoice: draftOrderInvoice,
  payment_reminder: paymentReminder,
  gift_card: giftCard,
  gift_card_received: giftCardReceived,
  password_reset: passwordReset,
  verify_email: verifyEmail,
  welcome,
  account_invite: accountInvite,
  abandoned_checkout: abandonedCheckout,
  back_in_stock: backInStock,
  review_request: reviewRequest,
  webhook_paused: webhookPaused,
};

export type TemplateKind = keyof typeof TEMPLATES;
export type TemplateData<K extends TemplateKind> =
  (typeof TEMPLATES)[K] extends EmailTemplate<infer D> ? D : never;
