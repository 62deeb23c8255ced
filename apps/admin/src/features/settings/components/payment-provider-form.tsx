import { type PaymentSettings, paymentSettingsInput } from '@cartwheel/shared/contracts/payments';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Form, FormField, FormItem, FormMessage } from '@cartwheel/ui/form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { setApiFieldErrors } from '../../../lib/form-input.ts';
import { useChoosePaymentProvider } from '../api/payment-settings.ts';

/**
 * The provider new checkouts use. Providers whose credentials the server lacks are shown with what to
 * set and cannot be chosen; checkouts already open, and refunds, stay with the provider that took them.
 */
export function PaymentProviderForm({ settings }: { settings: PaymentSettings }) {
  const choose = useChoosePaymentProvider();
  const form = useForm({
    resolver: zodResolver(paymentSettingsInput),
    defaultValues: { provider: settings.provider },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await choose.mutateAsync(body);
      const label = saved.providers.find((p) => p.name === saved.provider)?.label ?? saved.provider;
      toast.success(`New checkouts now pay through ${label}`);
    } catch (error) {
      if (setApiFieldErrors(form.setError, error) === 0) toast.error(getErrorMessage(error));
    }
  });

  return (
    <Form {...form}>
      <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Payment provider">
        <FormField
          control={form.control}
          name="provider"
          render={({ field }) => (
            <FormItem>
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">Payment provider</legend>
                {settings.providers.map((p) => {
                  const id = `payment-provider-${p.name}`;
                  return (
                    <div key={p.name} className="flex items-start gap-3 rounded-lg border p-3">
                      <input
                        type="radio"
                        id={id}
                        name={field.name}
                        value={p.name}
                        checked={field.value === p.name}
                        disabled={!p.ready}
                        onChange={() => field.onChange(p.name)}
                        onBlur={field.onBlur}
                        aria-describedby={p.message ? `${id}-note` : undefined}
                        className="mt-1 size-4 accent-primary"
                      />
                      <div className="flex flex-1 flex-col gap-1">
                        <label htmlFor={id} className="flex items-center gap-2 font-medium">
                          {p.label}
                          {p.name === settings.provider ? <Badge variant="secondary">In use</Badge> : null}
                          {p.ready ? null : <Badge variant="outline">Not configured</Badge>}
                        </label>
                        {p.message ? (
                          <p id={`${id}-note`} className="text-sm text-muted-foreground">
                            {p.message}
                          </p>
                        ) : null}
                      </div>
                    </div>
                  );
                })}
              </fieldset>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-fit" disabled={choose.isPending}>
          {choose.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </Form>
  );
}
