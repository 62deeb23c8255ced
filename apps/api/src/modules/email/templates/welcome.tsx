import { Text } from '@react-email/components';
import { ActionButton, textStyle } from './layout.tsx';
import { defineTemplate, greeting } from './template.ts';

/** Sent once an account's email address is confirmed. */
export const welcome = defineTemplate<{ first_name: string | null }>({
  kind: 'welcome',
  name: 'Welcome',
  description: 'Sent when a new customer confirms their email address.',
  marketing: false,
  subject: 'Welcome to {shop_name}',
  intro: '{greeting}\n\nThank you for creating an account with {shop_name}. Your email address is confirmed.',
  variables: (data) => ({ greeting: greeting(data.first_name) }),
  sample: () => ({ first_name: 'Alex' }),
  Body: ({ shop }) => (
    <>
      <Text style={textStyle}>
        Your account keeps your orders, addresses and cart in one place: {shop.publicUrl}/account
      </Text>
      <ActionButton href={`${shop.publicUrl}/products`}>Start shopping</ActionButton>
    </>
  ),
});
