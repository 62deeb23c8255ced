import { GIFT_CARD_MESSAGE_MAX } from '@cartwheel/shared/constants';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Textarea } from '@cartwheel/ui/textarea';
import { useId } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import type { AddToCartInput } from './cart-context.ts';

/** A date as YYYY-MM-DD in the shopper's own time zone. */
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The send date's bounds: today (the shopper's) and a year ahead. */
function sendDateBounds() {
  const today = new Date();
  const yearAhead = new Date(today);
  yearAhead.setFullYear(today.getFullYear() + 1);
  return { min: localDay(today), max: localDay(yearAhead) };
}

/** The recipient the form's gift card fields name (the browser has checked them; the server checks again). */
export function giftCardOf(form: HTMLFormElement): NonNullable<AddToCartInput['gift_card']> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return {
    recipient_name: text('recipient_name'),
    recipient_email: text('recipient_email'),
    message: text('message') || null,
    send_on: text('send_on') || sendDateBounds().min,
  };
}

/**
 * A gift card product's fields (decision 0094): who it is for, an optional message and the day it is
 * emailed (today by default, at most a year ahead). They travel with the cart line.
 */
export function GiftCardFields({ disabled }: { disabled?: boolean }) {
  const t = useT();
  const id = useId();
  const { min, max } = sendDateBounds();
  return (
    <fieldset
      className="grid w-full gap-3 rounded-md border p-4"
      data-testid="gift-card-fields"
      disabled={disabled}
    >
      <legend className="px-1 font-medium text-sm">{t('giftCard.recipient.legend')}</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t('giftCard.recipient.name')}</Label>
        <Input id={`${id}-name`} name="recipient_name" required maxLength={100} autoComplete="off" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-email`}>{t('giftCard.recipient.email')}</Label>
        <Input
          id={`${id}-email`}
          name="recipient_email"
          type="email"
          required
          maxLength={254}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-message`}>{t('giftCard.recipient.message')}</Label>
        <Textarea id={`${id}-message`} name="message" rows={3} maxLength={GIFT_CARD_MESSAGE_MAX} />
        <p className="text-muted-foreground text-xs">
          {t('giftCard.recipient.messageHint', { max: GIFT_CARD_MESSAGE_MAX })}
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-date`}>{t('giftCard.recipient.sendOn')}</Label>
        <Input
          id={`${id}-date`}
          name="send_on"
          type="date"
          required
          min={min}
          max={max}
          defaultValue={min}
          suppressHydrationWarning
        />
        <p className="text-muted-foreground text-xs">{t('giftCard.recipient.sendOnHint')}</p>
      </div>
    </fieldset>
  );
}
