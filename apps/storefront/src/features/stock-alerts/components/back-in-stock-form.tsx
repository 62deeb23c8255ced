import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { BellRing } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { apiErrorMessage } from '../../../i18n/api-errors.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useSubscribeStockAlert } from '../api/subscribe-stock-alert.ts';

/**
 * "Email me when it's back" under a sold-out product or variant: an email field for a guest, one
 * click for a signed-in shopper. Keyed by the variant where it is used, so another variant starts afresh.
 */
export function BackInStockForm({ productId, variantId }: { productId: string; variantId: string | null }) {
  const t = useT();
  const { user } = useMe();
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeStockAlert();
  const inputId = useId();

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
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-md border p-3" data-testid="back-in-stock-form">
      {user ? (
        <p className="text-muted-foreground text-sm">{t('stockAlert.signedIn', { email: user.email })}</p>
      ) : (
        <>
          <label htmlFor={inputId} className="text-muted-foreground text-sm">
            {t('stockAlert.emailLabel')}
          </label>
          <Input
            id={inputId}
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
