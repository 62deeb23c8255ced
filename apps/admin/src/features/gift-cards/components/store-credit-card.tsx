import { storeCreditBody } from '@cartwheel/shared/contracts/gift-cards';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { currencySymbol, formatMoney, toMinorUnits } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Form } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { setApiFieldErrors } from '../../../lib/form-input.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useChangeStoreCredit, useStoreCredit } from '../api/gift-cards.ts';
import { LedgerTable } from './ledger-table.tsx';

const creditForm = (currency: string) =>
  z
    .object({ amount: z.string(), note: z.string() })
    .transform(
      (v): z.input<typeof storeCreditBody> => ({
        amount: toMinorUnits(v.amount, currency),
        currency,
        note: v.note,
      }),
    )
    .pipe(storeCreditBody);

/** A customer's store credit: the balance, its ledger, and (admins) a form to give or take back credit. */
export function StoreCreditCard({ customerId, currency }: { customerId: string; currency: string }) {
  const credit = useStoreCredit(customerId);
  const change = useChangeStoreCredit(customerId);
  const can = useCan();
  const schema = useMemo(() => creditForm(currency), [currency]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '', note: '' } });
  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        form.reset({ amount: '', note: '' });
        toast.success('Store credit updated');
      },
      onError: (error) => {
        setApiFieldErrors(form.setError, error);
        toast.error(`Failed to change the store credit: ${getErrorMessage(error)}`);
      },
    }),
  );
  const balances = credit.data?.balances ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Store credit</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p data-testid="store-credit-balance">
          {balances.length
            ? balances.map((b) => formatMoney(b.balance, b.currency)).join(' · ')
            : formatMoney(0, currency)}
        </p>
        {can('gift_cards.issue') ? (
          <Form {...form}>
            <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
              <InputField
                control={form.control}
                name="amount"
                id="store-credit-amount"
                label={`Give (${currencySymbol(currency)}; negative takes back)`}
                inputMode="decimal"
              />
              <InputField control={form.control} name="note" id="store-credit-note" label="Note" />
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? 'Saving...' : 'Save'}
              </Button>
            </form>
          </Form>
        ) : null}
        {credit.data ? <LedgerTable transactions={credit.data.transactions} currency={currency} /> : null}
      </CardContent>
    </Card>
  );
}
