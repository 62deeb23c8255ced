import { type MarketingSettings, marketingSettingsPatch } from '@cartwheel/shared/contracts/marketing';
import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { InputField, SwitchField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formErrorBanner, typedNumber } from '../../../lib/form-input.ts';
import { useUpdateMarketingSettings } from '../api/marketing.ts';

/** Hours as the form shows them: whole hours plain, anything else to two decimals. */
const hoursText = (minutes: number) => String(Number((minutes / 60).toFixed(2)));

/** Hours as typed to whole minutes; empty or not a number is NaN, which the contract refuses. */
function hoursToMinutes(text: string): number {
  const hours = typedNumber(text);
  return hours === null ? Number.NaN : Math.round(hours * 60);
}

/** The form as typed (the delay in hours), checked by the PATCH contract under the body's field names. */
const recoveryForm = z
  .object({
    abandoned_enabled: z.boolean(),
    abandoned_delay_minutes: z.string(),
    abandoned_discount_code: z.string(),
  })
  .transform(
    (values): z.input<typeof marketingSettingsPatch> => ({
      abandoned_enabled: values.abandoned_enabled,
      abandoned_delay_minutes: hoursToMinutes(values.abandoned_delay_minutes),
      abandoned_discount_code: values.abandoned_discount_code.trim() || null,
    }),
  )
  .pipe(marketingSettingsPatch);

/** Abandoned-checkout recovery: on or off, after how many hours, and the discount code it offers. */
export function RecoverySettingsForm({ settings }: { settings: MarketingSettings }) {
  const update = useUpdateMarketingSettings();
  const form = useForm({
    resolver: zodResolver(recoveryForm),
    defaultValues: {
      abandoned_enabled: settings.abandoned_enabled,
      abandoned_delay_minutes: hoursText(settings.abandoned_delay_minutes),
      abandoned_discount_code: settings.abandoned_discount_code ?? '',
    },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      toast.success('Recovery settings saved');
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error));
    }
  });

  return (
    <Form {...form}>
      <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Recovery settings">
        <SwitchField
          control={form.control}
          name="abandoned_enabled"
          id="recovery-enabled"
          label="Abandoned-checkout emails"
          description="Shoppers who agreed to marketing email get one reminder with a link back to their cart."
        />
        <InputField
          control={form.control}
          name="abandoned_delay_minutes"
          id="recovery-delay"
          label="Send after (hours)"
          inputMode="decimal"
          className="w-32"
        />
        <InputField
          control={form.control}
          name="abandoned_discount_code"
          id="recovery-code"
          label="Discount code (optional)"
          className="w-56"
        />
        <Button type="submit" className="w-fit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </Form>
  );
}
