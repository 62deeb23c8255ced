import { formatMoney } from '@cartwheel/shared/money';
import { Text } from '@react-email/components';
import { ActionButton, mutedStyle, textStyle } from './layout.tsx';
import { defineTemplate, localGreeting, localShopUrl } from './template.ts';

interface GiftCardEmailData {
  recipient_name: string | null;
  code: string;
  amount: number;
  currency: string;
  /** The sender's message, as they wrote it (rendered as text). */
  message: string | null;
  expires_at: string | null;
  locale?: string | null;
}

/** A gift card's code for its recipient (issued by staff with a recipient's email). */
export const giftCard = defineTemplate<GiftCardEmailData>({
  kind: 'gift_card',
  name: 'Gift card',
  description: "Sends a gift card's code to its recipient.",
  marketing: false,
  subject: 'Your {amount} gift card for {shop_name}',
  intro: '{greeting}\n\nYou have received a {amount} gift card to spend at {shop_name}.',
  variables: (data, i18n) => ({
    greeting: localGreeting(i18n, data.recipient_name),
    amount: formatMoney(data.amount, data.currency, i18n.locale),
  }),
  language: (data) => data.locale,
  messages: { subject: 'email.giftCard.subject', intro: 'email.giftCard.intro' },
  sample: () => ({
    recipient_name: 'Alex',
    code: 'GIFT-ABCD-EFGH-JKLM',
    amount: 5000,
    currency: 'USD',
    message: 'Happy birthday!',
    expires_at: null,
  }),
  Body: ({ data, i18n, shop }) => (
    <>
      {data.message ? <Text style={textStyle}>{data.message}</Text> : null}
      <Text style={textStyle}>{i18n._('email.giftCard.code')}</Text>
      <Text style={{ ...textStyle, fontFamily: 'monospace', fontSize: 22, fontWeight: 700 }}>
        {data.code}
      </Text>
      {data.expires_at ? (
        <Text style={mutedStyle}>
          {i18n._('email.giftCard.expires', { date: i18n.date(data.expires_at, { dateStyle: 'long' }) })}
        </Text>
      ) : null}
      <Text style={mutedStyle}>{i18n._('email.giftCard.howTo')}</Text>
      <ActionButton href={localShopUrl(shop, '/gift-cards', data.locale)}>
        {i18n._('email.giftCard.checkBalance')}
      </ActionButton>
    </>
  ),
});

interface GiftCardReceivedData {
  recipient_name: string | null;
  /** Who bought it: the order's name. */
  sender_name: string;
  code: string;
  amount: number;
  currency: string;
  /** The buyer's message, as they wrote it (rendered as text). */
  message: string | null;
  locale?: string | null;
}

/** A gift card bought in the shop, emailed to its recipient on the send date (decision 0094). */
export const giftCardReceived = defineTemplate<GiftCardReceivedData>({
  kind: 'gift_card_received',
  name: 'Gift card received',
  description: 'Sends a gift card bought in the shop to its recipient on the chosen date.',
  marketing: false,
  subject: '{sender} sent you a {amount} gift card for {shop_name}',
  intro: '{greeting}\n\n{sender} has sent you a {amount} gift card to spend at {shop_name}.',
  variables: (data, i18n) => ({
    greeting: localGreeting(i18n, data.recipient_name),
    sender: data.sender_name,
    amount: formatMoney(data.amount, data.currency, i18n.locale),
  }),
  language: (data) => data.locale,
  messages: { subject: 'email.giftCardReceived.subject', intro: 'email.giftCardReceived.intro' },
  sample: () => ({
    recipient_name: 'Alex',
    sender_name: 'Sam Rivera',
    code: 'GIFT-ABCD-EFGH-JKLM',
    amount: 5000,
    currency: 'USD',
    message: 'Happy birthday! Treat yourself.',
  }),
  Body: ({ data, i18n, shop }) => (
    <>
      {data.message ? (
        <>
          <Text style={mutedStyle}>
            {i18n._('email.giftCardReceived.messageFrom', { sender: data.sender_name })}
          </Text>
          <Text style={{ ...textStyle, whiteSpace: 'pre-line', fontStyle: 'italic' }}>{data.message}</Text>
        </>
      ) : null}
      <Text style={textStyle}>{i18n._('email.giftCard.code')}</Text>
      <Text style={{ ...textStyle, fontFamily: 'monospace', fontSize: 22, fontWeight: 700 }}>
        {data.code}
      </Text>
      <Text style={mutedStyle}>{i18n._('email.giftCard.howTo')}</Text>
      <ActionButton href={localShopUrl(shop, '/gift-cards', data.locale)}>
        {i18n._('email.giftCard.checkBalance')}
      </ActionButton>
    </>
  ),
});
