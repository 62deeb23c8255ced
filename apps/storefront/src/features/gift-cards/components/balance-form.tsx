import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { apiErrorMessage } from '../../../i18n/api-errors.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useCheckBalance } from '../api/check-balance.ts';

/**
 * The code box and, once checked, what is left on the card and until when: nothing else of the card.
 * The box is read from the form on submit (not from state), so a code typed before the page hydrates counts.
 */
export function BalanceForm() {
  const t = useT();
  const id = useId();
  const check = useCheckBalance();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (code) check.mutate(code);
  };
  return (
    <form className="grid max-w-md gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-2">
        <Label htmlFor={id}>{t('giftCards.code')}</Label>
        <Input
          id={id}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="GIFT-XXXX-XXXX-XXXX"
          aria-invalid={check.isError ? true : undefined}
          onChange={() => check.reset()}
        />
      </div>
      <Button type="submit" disabled={check.isPending}>
        {check.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {t('giftCards.check')}
      </Button>
      <div aria-live="polite">
        {check.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {apiErrorMessage(t, check.error, t('common.error'))}
          </p>
        ) : check.data ? (
          <div className="grid gap-1 rounded-lg border p-4" data-testid="gift-card-balance">
            <p className="font-semibold text-lg">
              {t('giftCards.balance', { amount: t.money(check.data.balance, check.data.currency) })}
            </p>
            <p className="text-muted-foreground text-sm">
              {check.data.expires_at
                ? t('giftCards.expires', { date: t.date(check.data.expires_at) })
                : t('giftCards.noExpiry')}
            </p>
          </div>
        ) : null}
      </div>
    </form>
  );
}
