import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { BellRing } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { apiErrorMessage } from '../../../i18n/api-errors.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useSubscribeStockAlert } from '../api/subscribe-stock-alert.ts';

/** A sold-out item the shopper may ask about: a variant (with its title), or the product itself. */
interface SoldOutChoice {
  variantId: string | null;
  title: string | null;
}

/**
 * "Email me when it's back" for a sold-out product or variant: an email field for a guest, one click
 * for a signed-in shopper. With several sold-out variants the shopper picks one (the picker itself
 * offers only what can be bought).
 */
export function BackInStockForm({ productId, choices }: { productId: string; choices: SoldOutChoice[] }) {
  const t = useT();
  const { user } = useMe();
  const [email, setEmail] = useState('');
  const [variantId, setVariantId] = useState(choices[0]?.variantId ?? null);
  const subscribe = useSubscribeStockAlert();
  const emailId = useId();
  const optionId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate({
      product_id: productId,
      variant_id: variantId,
      ...(user ? {} : { email: email.trim() }),
    });
  };

  if (subscribe.isSuccess) {
    return (
      <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="back-in-stock-done">
        {t('stockAlert.done', { email: subscribe.data.email })}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" data-testid="back-in-stock-form">
      {choices.length > 1 ? (
        <>
          <label htmlFor={optionId} className="text-muted-foreground text-sm">
            {t('stockAlert.option')}
          </label>
          <NativeSelect
            id={optionId}
            className="w-full"
            value={variantId ?? ''}
            onChange={(event) => setVariantId(event.target.value || null)}
          >
            {choices.map((choice) => (
              <option key={choice.variantId ?? ''} value={choice.variantId ?? ''}>
                {choice.title}
              </option>
            ))}
          </NativeSelect>
        </>
      ) : null}
      {user ? (
        <p className="text-muted-foreground text-sm">{t('stockAlert.signedIn', { email: user.email })}</p>
      ) : (
        <>
          <label htmlFor={emailId} className="text-muted-foreground text-sm">
            {t('stockAlert.emailLabel')}
          </label>
          <Input
            id={emailId}
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={subscribe.isError || undefined}
          />
        </>
      )}
      <Button type="submit" variant="outline" disabled={subscribe.isPending}>
        <BellRing aria-hidden="true" />
        {t('stockAlert.button')}
      </Button>
      {subscribe.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {apiErrorMessage(t, subscribe.error, t('stockAlert.failed'))}
        </p>
      ) : null}
    </form>
  );
}
