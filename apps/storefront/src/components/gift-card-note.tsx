import type { GiftCardRecipientInput } from '@cartwheel/shared/contracts/gift-card-lines';
import { useT } from '../i18n/i18n.tsx';

/** A gift card line's recipient, send date and message, as the cart and the checkout show it (as text). */
export function GiftCardNote({ giftCard }: { giftCard: GiftCardRecipientInput | null | undefined }) {
  const t = useT();
  if (!giftCard) return null;
  // Noon on the day, in the shopper's time zone: the date shown is the date chosen.
  const day = new Date(`${giftCard.send_on}T12:00:00`);
  return (
    <span className="block text-muted-foreground text-xs" data-testid="gift-card-note">
      <span className="block">
        {t('giftCard.line.to', { name: giftCard.recipient_name, email: giftCard.recipient_email })}
      </span>
      <span className="block">
        {t('giftCard.line.sendOn', { date: Number.isNaN(day.getTime()) ? giftCard.send_on : t.date(day) })}
      </span>
      {giftCard.message ? <span className="line-clamp-2 block italic">“{giftCard.message}”</span> : null}
    </span>
  );
}
