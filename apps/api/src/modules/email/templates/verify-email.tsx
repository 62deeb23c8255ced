import { Text } from '@react-email/components';
import { ActionButton, textStyle } from './layout.tsx';
import { defineTemplate } from './template.ts';

/**
 * Confirms a new account's email address. The account works before; confirming proves the address,
 * which lets the shopper see orders they placed as a guest with it (order-links.ts).
 */
export const verifyEmail = defineTemplate<{ url: string }>({
  kind: 'verify_email',
  name: 'Verify email',
  description: 'Sent on sign-up to confirm the new account’s email address.',
  marketing: false,
  subject: 'Confirm your email for {shop_name}',
  intro: 'Welcome to {shop_name}!',
  variables: () => ({}),
  sample: (shop) => ({ url: `${shop.publicUrl}/api/auth/verify-email?token=sample-token` }),
  Body: ({ data }) => (
    <>
      <Text style={textStyle}>Confirm your email address here:</Text>
      <ActionButton href={data.url}>Confirm my email</ActionButton>
      <Text style={textStyle}>
        Once it is confirmed, orders you placed as a guest with this address appear in your account.
      </Text>
      <Text style={textStyle}>If you did not create an account, ignore this email.</Text>
    </>
  ),
});
