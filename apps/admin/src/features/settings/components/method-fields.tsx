import type { ShippingMethodKind } from '@cartwheel/shared/contracts/shipping';
import { currencySymbol } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { FormControl, FormError, FormField, FormItem, FormLabel } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { InputField, NativeSelectField, SwitchField } from '@cartwheel/ui/input-field';
import { Plus, Trash2 } from 'lucide-react';
import { type Control, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import { listMessage } from '../../../lib/form-input.ts';
import { newBand, type ZoneValues } from './zone-draft.ts';

const KIND_LABELS: Record<ShippingMethodKind, string> = {
  flat: 'Flat rate',
  free_over: 'Free over an amount',
  weight: 'By weight',
};

type ZoneControl = Control<ZoneValues, unknown, unknown>;

/** One input of a weight band; the band's message shows under its row. */
function BandInput({
  control,
  name,
  id,
  label,
  className,
  inputMode,
}: {
  control: ZoneControl;
  name: `methods.${number}.weight_bands.${number}.${'up_to_grams' | 'amount_cents'}`;
  id: string;
  label: string;
  className: string;
  inputMode: 'numeric' | 'decimal';
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id} className="flex flex-col gap-1.5">
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input inputMode={inputMode} className={className} {...field} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

/** One shipping method of the zone editor: name, estimate, how it is priced. */
export function MethodFields({
  control,
  index,
  onRemove,
}: {
  control: ZoneControl;
  index: number;
  onRemove: () => void;
}) {
  const id = (field: string) => `method-${index}-${field}`;
  const path = `methods.${index}` as const;
  const [kind, name] = useWatch({ control, name: [`${path}.kind`, `${path}.name`] });
  const bands = useFieldArray({ control, name: `${path}.weight_bands`, keyName: 'key' });
  const { errors } = useFormState({ control, name: path });
  const bandErrors = errors.methods?.[index]?.weight_bands;
  const label = name.trim() || `Method ${index + 1}`;
  // Rates are typed in the base currency.
  const sign = currencySymbol(useBaseCurrency());

  return (
    <fieldset
      className="flex flex-col gap-3 rounded-md border p-4"
      aria-label={`Shipping method ${index + 1}`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField control={control} name={`${path}.name`} id={id('name')} label="Method name" />
        <InputField
          control={control}
          name={`${path}.delivery_estimate`}
          id={id('estimate')}
          label="Delivery estimate"
          placeholder="3–5 business days"
        />
        <NativeSelectField
          control={control}
          name={`${path}.kind`}
          id={id('kind')}
          label="Price"
          className="w-full"
          options={Object.entries(KIND_LABELS)}
        />
        {kind !== 'weight' ? (
          <InputField
            control={control}
            name={`${path}.amount_cents`}
            id={id('amount')}
            label={kind === 'free_over' ? `Price under the amount (${sign})` : `Rate (${sign})`}
            inputMode="decimal"
          />
        ) : null}
        {kind === 'free_over' ? (
          <InputField
            control={control}
            name={`${path}.free_over_cents`}
            id={id('free-over')}
            label={`Free over (${sign})`}
            inputMode="decimal"
          />
        ) : null}
      </div>
      {kind === 'weight' ? (
        <div className="flex flex-col gap-2">
          <p className="font-medium text-sm">Weight bands</p>
          <p className="text-muted-foreground text-sm">
            The first band the cart's weight fits in sets the price; leave the last band's weight empty for
            any weight above.
          </p>
          {bands.fields.map((band, b) => (
            <div key={band.key} className="flex flex-wrap items-end gap-2">
              <BandInput
                control={control}
                name={`${path}.weight_bands.${b}.up_to_grams`}
                id={id(`band-${b}-up-to`)}
                label="Up to (grams)"
                className="w-32"
                inputMode="numeric"
              />
              <BandInput
                control={control}
                name={`${path}.weight_bands.${b}.amount_cents`}
                id={id(`band-${b}-amount`)}
                label={`Band rate (${sign})`}
                className="w-28"
                inputMode="decimal"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove band ${b + 1}`}
                disabled={bands.fields.length === 1}
                onClick={() => bands.remove(b)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
              <div className="basis-full">
                <FormError>
                  {bandErrors?.[b]?.up_to_grams?.message ?? bandErrors?.[b]?.amount_cents?.message}
                </FormError>
              </div>
            </div>
          ))}
          <FormError>{listMessage(bandErrors, false)}</FormError>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => bands.append(newBand(), { shouldFocus: false })}
          >
            <Plus aria-hidden="true" />
            Add band
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SwitchField
          control={control}
          name={`${path}.is_active`}
          id={id('active')}
          label="Offered at checkout"
        />
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove {label}
        </Button>
      </div>
    </fieldset>
  );
}
