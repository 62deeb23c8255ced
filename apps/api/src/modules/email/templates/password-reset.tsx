import { Text } from '@react-email/components';
import { ActionButton, textStyle } from './layout.tsx';
import { defineTemplate } from './template.ts';

/** The link to set a new password (it works once, for one hour). */
export const passwordReset = defineTemplate<{ url: string; locale?: string | null }>({
  kind: 'password_reset',
  name: 'Password reset',
  description: 'Sent when someone asks to reset an account password.',
  marketing: false,
  subject: 'Reset your {shop_name} password',
  intro: 'Someone asked to reset the password of your {shop_name} account.',
  variables: () => ({}),
  language: (data) => data.locale,
  messages: { subject: 'email.reset.subject', intro: 'email.reset.intro' },
  sample: (shop) => ({ url: `${shop.publicUrl}/auth?mode=reset&token=sample-token` }),
  Body: ({ data, i18n }) => (
    <>
      <Text style={textStyle}>{i18n._('email.reset.prompt')}</Text>
      <ActionButton href={data.url}>{i18n._('email.reset.button')}</ActionButton>
      <Text style={textStyle}>{i18n._('email.reset.ignore')}</Text>
    </>
  ),
});
