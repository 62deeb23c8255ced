import type { MarketingSettings } from '@cartwheel/shared/contracts/marketing';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Switch } from '@cartwheel/ui/switch';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useUpdateMarketingSettings } from '../api/marketing.ts';

/** Hours as the form shows them: whole hours plain, anything else to two decimals. */
const hoursText = (minutes: number) => String(Number((minutes / 60).toFixed(2)));

/** Abandoned-checkout recovery: on or off, after how many hours, and the discount code it offers. */
export function RecoverySettingsForm({ settings }: { settings: MarketingSettings }) {
  const update = useUpdateMarketingSettings();
  const [enabled, setEnabled] = useState(settings.abandoned_enabled);
  const [hours, setHours] = useState(hoursText(settings.abandoned_delay_minutes));
  const [code, setCode] = useState(settings.abandoned_discount_code ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const minutes = hours.trim() ? Math.round(Number(hours) * 60) : Number.NaN;
    try {
      await update.mutateAsync({
        abandoned_enabled: enabled,
        abandoned_delay_minutes: minutes,
        abandoned_discount_code: code.trim() || null,
      });
      toast.success('Recovery settings saved');
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.message])));
      if (fields.length === 0) toast.error(getErrorMessage(error));
    }
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Recovery settings">
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="recovery-enabled">Abandoned-checkout emails</Label>
          <p id="recovery-enabled-hint" className="text-muted-foreground text-sm">
            Shoppers who agreed to marketing email get one reminder with a link back to their cart.
          </p>
        </div>
        <Switch
          id="recovery-enabled"
          aria-describedby="recovery-enabled-hint"
          checked={enabled}
          onCheckedChange={setEnabled}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="recovery-delay">Send after (hours)</Label>
        <Input
          id="recovery-delay"
          inputMode="decimal"
          className="w-32"
          value={hours}
          aria-invalid={Boolean(errors.abandoned_delay_minutes)}
          onChange={(e) => setHours(e.target.value)}
        />
        {errors.abandoned_delay_minutes ? (
          <p className="text-destructive text-sm">{errors.abandoned_delay_minutes}</p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="recovery-code">Discount code (optional)</Label>
        <Input
          id="recovery-code"
          className="w-56"
          value={code}
          aria-invalid={Boolean(errors.abandoned_discount_code)}
          onChange={(e) => setCode(e.target.value)}
        />
        {errors.abandoned_discount_code ? (
          <p className="text-destructive text-sm">{errors.abandoned_discount_code}</p>
        ) : null}
      </div>
      <Button type="submit" className="w-fit" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
