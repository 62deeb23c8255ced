import { Text } from '@react-email/components';
import { ActionButton, textStyle } from './layout.tsx';
import { defineTemplate } from './template.ts';

/** The link to set a new password (it works once, for one hour). */
export const passwordReset = defineTemplate<{ url: string }>({
  kind: 'password_reset',
  name: 'Password reset',
  description: 'Sent when someone asks to reset an account password.',
  marketing: false,
  subject: 'Reset your {shop_name} password',
  intro: 'Someone asked to reset the password of your {shop_name} account.',
  variables: () => ({}),
  sample: (shop) => ({ url: `${shop.publicUrl}/auth?mode=reset&token=sample-token` }),
  Body: ({ data }) => (
    <>
      <Text style={textStyle}>Set a new password here (the link works once, for one hour):</Text>
      <ActionButton href={data.url}>Set a new password</ActionButton>
      <Text style={textStyle}>If it was not you, ignore this email: your password stays as it is.</Text>
    </>
  ),
});
