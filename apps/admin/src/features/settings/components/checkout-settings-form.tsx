import { type CheckoutSettings, checkoutSettingsPatch } from '@cartwheel/shared/contracts/shipping';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { SwitchField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formErrorBanner, typedNumber } from '../../../lib/form-input.ts';
import { useUpdateCheckoutSettings } from '../api/shipping-zones.ts';

type Toggle = 'guest_enabled' | 'prices_include_tax';

const TOGGLES: { key: Toggle; label: string; hint: string }[] = [
  {
    key: 'guest_enabled',
    label: 'Guest checkout',
    hint: 'Shoppers can buy without an account ("Continue as guest").',
  },
  {
    key: 'prices_include_tax',
    label: 'Prices include tax',
    hint: 'Product prices already contain the tax: it is shown on the order, not added to it.',
  },
];

/** The form as typed (the hold as text), checked by the PATCH contract. */
const checkoutSettingsForm = z
  .object({
    guest_enabled: z.boolean(),
    prices_include_tax: z.boolean(),
    hold_minutes: z.string(),
  })
  .transform(
    (values): z.input<typeof checkoutSettingsPatch> => ({
      ...values,
      hold_minutes: typedNumber(values.hold_minutes) ?? Number.NaN,
    }),
  )
  .pipe(checkoutSettingsPatch);

/** Guest checkout, the tax switches and how long an unpaid checkout holds its stock. */
export function CheckoutSettingsForm({ settings }: { settings: CheckoutSettings }) {
  const update = useUpdateCheckoutSettings();
  const form = useForm({
    resolver: zodResolver(checkoutSettingsForm),
    defaultValues: {
      guest_enabled: settings.guest_enabled,
      prices_include_tax: settings.prices_include_tax,
      hold_minutes: String(settings.hold_minutes),
    },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      toast.success('Checkout settings saved');
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error));
    }
  });

  return (
    <Form {...form}>
      <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Checkout settings">
        {TOGGLES.map(({ key, label, hint }) => (
          <SwitchField
            key={key}
            control={form.control}
            name={key}
            id={`setting-${key}`}
            label={label}
            description={hint}
          />
        ))}
        <FormField
          control={form.control}
          name="hold_minutes"
          render={({ field }) => (
            <FormItem id="setting-hold">
              <FormLabel>Hold stock for (minutes)</FormLabel>
              <FormControl>
                <Input inputMode="numeric" className="w-32" {...field} />
              </FormControl>
              <FormDescription className="text-sm">
                How long an unpaid checkout keeps its items for the shopper: between{' '}
                {settings.hold_minutes_min} and {plural(settings.hold_minutes_max, 'minute')} with your
                payment provider.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-fit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </Form>
  );
}
