import {
  type Market,
  marketInput,
  ROUNDING_LABELS,
  ROUNDING_RULES,
  WEIGHT_UNITS,
} from '@cartwheel/shared/contracts/markets';
import { Button } from '@cartwheel/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@cartwheel/ui/form';
import { InputField, SwitchField } from '@cartwheel/ui/input-field';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { formErrorBanner } from '../../../lib/form-input.ts';
import { useSaveMarket } from '../api/markets.ts';

/** "DE, FR es" → ['DE', 'FR', 'es']: lists typed as text, split on commas and spaces. */
const listOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The form as typed (lists as text), checked by the API's contract. */
const marketForm = z
  .object({
    name: z.string(),
    handle: z.string(),
    countries: z.string(),
    currency: z.string(),
    languages: z.string(),
    prices_include_tax: z.boolean(),
    weight_unit: z.enum(WEIGHT_UNITS),
    rounding: z.enum(ROUNDING_RULES),
    is_active: z.boolean(),
  })
  .transform(
    (v): z.input<typeof marketInput> => ({
      ...v,
      countries: listOf(v.countries),
      languages: listOf(v.languages),
    }),
  )
  .pipe(marketInput);

/** A market's settings: who it sells to, in which currency and languages, and how its prices round. */
export function MarketForm({ market }: { market?: Market }) {
  const save = useSaveMarket(market?.id);
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(marketForm),
    defaultValues: {
      name: market?.name ?? '',
      handle: market?.handle ?? '',
      countries: market?.countries.join(', ') ?? '',
      currency: market?.currency ?? '',
      languages: market?.languages.join(', ') ?? 'en',
      prices_include_tax: market?.prices_include_tax ?? false,
      weight_unit: market?.weight_unit ?? 'kg',
      rounding: market?.rounding ?? 'none',
      is_active: market?.is_active ?? true,
    },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ ...body, position: market?.position ?? 0 });
      toast.success(market ? 'Market saved' : 'Market added');
      navigate('/settings/markets');
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error));
    }
  });

  return (
    <Form {...form}>
      <form className="flex max-w-xl flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Market">
        <InputField control={form.control} name="name" id="market-name" label="Name" />
        <InputField
          control={form.control}
          name="handle"
          id="market-handle"
          label="Handle"
          description="Lowercase letters, digits and dashes: the storefront's ?market= and the picker use it."
        />
        <InputField
          control={form.control}
          name="countries"
          id="market-countries"
          label="Countries"
          description="Two-letter country codes separated by commas (DE, FR, ES). A country sells in one active market."
        />
        <InputField
          control={form.control}
          name="currency"
          id="market-currency"
          label="Currency"
          description="A three-letter currency code such as EUR. Prices convert from the base currency at its exchange rate."
          disabled={market?.is_base}
        />
        <InputField
          control={form.control}
          name="languages"
          id="market-languages"
          label="Languages"
          description="Language codes separated by commas; the first is the market's default (de, fr, es)."
        />
        <FormField
          control={form.control}
          name="rounding"
          render={({ field }) => (
            <FormItem id="market-rounding">
              <FormLabel>Price rounding</FormLabel>
              <FormControl>
                <NativeSelect {...field}>
                  {ROUNDING_RULES.map((rule) => (
                    <option key={rule} value={rule}>
                      {ROUNDING_LABELS[rule]}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="weight_unit"
          render={({ field }) => (
            <FormItem id="market-weight-unit">
              <FormLabel>Weight unit</FormLabel>
              <FormControl>
                <NativeSelect {...field}>
                  <option value="kg">Kilograms (kg)</option>
                  <option value="lb">Pounds (lb)</option>
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SwitchField
          control={form.control}
          name="prices_include_tax"
          id="market-tax-inclusive"
          label="Prices include tax"
          description="Shelf prices are what the buyer pays; the tax is shown on the receipt."
        />
        <SwitchField
          control={form.control}
          name="is_active"
          id="market-active"
          label="Active"
          description="An inactive market is not offered in the storefront's picker."
          disabled={market?.is_base}
        />
        <Button type="submit" className="w-fit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </Form>
  );
}
