import type { CheckoutSettings } from '@cartwheel/shared/contracts/shipping';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Switch } from '@cartwheel/ui/switch';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useUpdateCheckoutSettings } from '../api/shipping-zones.ts';
import { FieldError } from './field-error.tsx';

type Toggle = 'guest_enabled' | 'prices_include_tax' | 'charge_tax_on_shipping';

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
  {
    key: 'charge_tax_on_shipping',
    label: 'Charge tax on shipping',
    hint: "The zone's tax rate also applies to the shipping rate.",
  },
];

/** Guest checkout, the tax switches and how long an unpaid checkout holds its stock. */
export function CheckoutSettingsForm({ settings }: { settings: CheckoutSettings }) {
  const update = useUpdateCheckoutSettings();
  const [values, setValues] = useState({ ...settings, hold: String(settings.hold_minutes) });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const hold = Number(values.hold);
    try {
      await update.mutateAsync({
        guest_enabled: values.guest_enabled,
        prices_include_tax: values.prices_include_tax,
        charge_tax_on_shipping: values.charge_tax_on_shipping,
        hold_minutes: Number.isFinite(hold) && values.hold.trim() ? hold : Number.NaN,
      });
      toast.success('Checkout settings saved');
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
      if (fields.length === 0) toast.error(getErrorMessage(error));
    }
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Checkout settings">
      {TOGGLES.map(({ key, label, hint }) => (
        <div key={key} className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`setting-${key}`}>{label}</Label>
            <p id={`setting-${key}-hint`} className="text-muted-foreground text-sm">
              {hint}
            </p>
            <FieldError message={errors[key]} />
          </div>
          <Switch
            id={`setting-${key}`}
            aria-describedby={`setting-${key}-hint`}
            checked={values[key]}
            onCheckedChange={(on) => setValues((v) => ({ ...v, [key]: on }))}
          />
        </div>
      ))}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="setting-hold">Hold stock for (minutes)</Label>
        <Input
          id="setting-hold"
          inputMode="numeric"
          className="w-32"
          aria-describedby="setting-hold-hint"
          aria-invalid={Boolean(errors.hold_minutes)}
          value={values.hold}
          onChange={(e) => setValues((v) => ({ ...v, hold: e.target.value }))}
        />
        <p id="setting-hold-hint" className="text-muted-foreground text-sm">
          How long an unpaid checkout keeps its items for the shopper: between {settings.hold_minutes_min} and{' '}
          {plural(settings.hold_minutes_max, 'minute')} with your payment provider.
        </p>
        <FieldError message={errors.hold_minutes} />
      </div>
      <Button type="submit" className="w-fit" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
