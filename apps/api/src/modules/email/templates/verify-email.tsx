import { Text } from '@react-email/components';
import { ActionButton, textStyle } from './layout.tsx';
import { defineTemplate } from './template.ts';

/**
 * Confirms a new account's email address. The account works before; confirming proves the address,
 * which lets the shopper see orders they placed as a guest with it (order-links.ts).
 */
export const verifyEmail = defineTemplate<{ url: string; locale?: string | null }>({
  kind: 'verify_email',
  name: 'Verify email',
  description: 'Sent on sign-up to confirm the new account’s email address.',
  marketing: false,
  subject: 'Confirm your email for {shop_name}',
  intro: 'Welcome to {shop_name}!',
  variables: () => ({}),
  language: (data) => data.locale,
  messages: { subject: 'email.verify.subject', intro: 'email.verify.intro' },
  sample: (shop) => ({ url: `${shop.publicUrl}/api/auth/verify-email?token=sample-token` }),
  Body: ({ data, i18n }) => (
    <>
      <Text style={textStyle}>{i18n._('email.verify.prompt')}</Text>
      <ActionButton href={data.url}>{i18n._('email.verify.button')}</ActionButton>
      <Text style={textStyle}>{i18n._('email.verify.guestOrders')}</Text>
      <Text style={textStyle}>{i18n._('email.verify.ignore')}</Text>
    </>
  ),
});
