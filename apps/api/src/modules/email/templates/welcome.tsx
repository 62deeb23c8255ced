import { Text } from '@react-email/components';
import { ActionButton, textStyle } from './layout.tsx';
import { defineTemplate, localGreeting, localShopUrl } from './template.ts';

/** Sent once an account's email address is confirmed, in the language the account was opened in. */
export const welcome = defineTemplate<{ first_name: string | null; locale?: string | null }>({
  kind: 'welcome',
  name: 'Welcome',
  description: 'Sent when a new customer confirms their email address.',
  marketing: false,
  subject: 'Welcome to {shop_name}',
  intro: '{greeting}\n\nThank you for creating an account with {shop_name}. Your email address is confirmed.',
  variables: (data, i18n) => ({ greeting: localGreeting(i18n, data.first_name) }),
  language: (data) => data.locale,
  messages: { subject: 'email.welcome.subject', intro: 'email.welcome.intro' },
  sample: () => ({ first_name: 'Alex' }),
  Body: ({ data, shop, i18n }) => (
    <>
      <Text style={textStyle}>
        {i18n._('email.welcome.account', { url: localShopUrl(shop, '/account', data.locale) })}
      </Text>
      <ActionButton href={localShopUrl(shop, '/products', data.locale)}>
        {i18n._('email.welcome.start')}
      </ActionButton>
    </>
  ),
});
