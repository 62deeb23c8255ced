import { currencyCode } from '@cartwheel/shared/contracts/accounts';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { CURRENCY_CODES } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { NativeSelectField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { setApiFieldErrors } from '../../../lib/form-input.ts';
import { useUpdateBaseCurrency } from '../api/base-currency.ts';

const names = new Intl.DisplayNames('en', { type: 'currency', fallback: 'code' });

/** "EUR · Euro", every ISO 4217 code the shop knows. */
const OPTIONS = CURRENCY_CODES.map((code) => [code, `${code} · ${names.of(code) ?? code}`] as const);

const baseCurrencyForm = z.object({ base_currency: currencyCode });

/**
 * The shop's base currency: the catalog's prices, discounts, shipping rates and the reports are in it.
 * The server refuses a change once the shop has orders (decision 0066); its message shows here.
 */
export function BaseCurrencyForm({ current }: { current: string }) {
  const update = useUpdateBaseCurrency();
  const form = useForm({
    resolver: zodResolver(baseCurrencyForm),
    defaultValues: { base_currency: current },
  });

  const onSubmit = form.handleSubmit(async ({ base_currency }) => {
    if (base_currency === current) return;
    try {
      await update.mutateAsync(base_currency);
      toast.success(`The shop now sells in ${base_currency}`);
    } catch (error) {
      if (setApiFieldErrors(form.setError, error) === 0) {
        form.setError('base_currency', { type: 'server', message: getErrorMessage(error) });
      }
    }
  });

  return (
    <Form {...form}>
      <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Store currency">
        <NativeSelectField
          control={form.control}
          name="base_currency"
          id="setting-base-currency"
          label="Store currency"
          description="Can change only while the shop has no orders. Prices keep their numbers: 28.00 stays 28.00 in the new currency."
          itemClassName="flex flex-col gap-1.5"
          className="w-full max-w-sm"
          options={OPTIONS}
        />
        <Button type="submit" className="w-fit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </Form>
  );
}
