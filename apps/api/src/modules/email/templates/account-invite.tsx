import { Text } from '@react-email/components';
import { ActionButton, textStyle } from './layout.tsx';
import { defineTemplate, greeting } from './template.ts';

/** Staff's "Send account invite": the link to choose a password for an account the shop made. */
export const accountInvite = defineTemplate<{ first_name: string | null; url: string }>({
  kind: 'account_invite',
  name: 'Account invite',
  description: 'Invites a customer staff created (Point of Sale) to choose a password for their account.',
  marketing: false,
  subject: 'Set up your {shop_name} account',
  intro:
    '{greeting}\n\n{shop_name} has made an account for you with this email address, so you can see your orders and save your addresses.',
  variables: (data) => ({ greeting: greeting(data.first_name) }),
  sample: (shop) => ({ first_name: 'Alex', url: `${shop.publicUrl}/auth?mode=reset&token=sample-token` }),
  Body: ({ data }) => (
    <>
      <Text style={textStyle}>Choose a password to sign in (the link works once, for 7 days):</Text>
      <ActionButton href={data.url}>Set your password</ActionButton>
      <Text style={textStyle}>
        If you did not expect this email, ignore it: nothing happens until you choose a password.
      </Text>
    </>
  ),
});
