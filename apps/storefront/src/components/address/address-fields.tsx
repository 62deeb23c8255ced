import {
  countryName,
  type SubdivisionKind,
  subdivisionKind,
  subdivisions,
} from '@cartwheel/shared/countries';
import { localeTag } from '@cartwheel/shared/locale';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { cn } from '@cartwheel/ui/lib/utils';
import { NativeSelect } from '@cartwheel/ui/native-select';
import type { ComponentProps } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import type { CountryOption } from './shipping-countries.ts';

/** A country's name in the page's language (the browser's and the server's own data). */
export function regionName(tag: string, code: string): string | undefined {
  try {
    return new Intl.DisplayNames([tag], { type: 'region' }).of(code);
  } catch {
    return undefined;
  }
}

/** An address as a form holds it: every field a string ('' when empty). */
export interface AddressFormValues {
  first_name: string;
  last_name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state_province: string;
  postal_code: string;
  country: string;
  phone: string;
}

export const emptyAddress = (country: string): AddressFormValues => ({
  first_name: '',
  last_name: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  state_province: '',
  postal_code: '',
  country,
  phone: '',
});

type AddressField = keyof AddressFormValues;

interface TextSpec {
  name: AddressField;
  label: string;
  autoComplete: string;
  half?: boolean;
  type?: string;
}

/** The name and street fields; `label` is a message id. */
const NAME_FIELDS = [
  { name: 'first_name', label: 'address.firstName', autoComplete: 'given-name', half: true },
  { name: 'last_name', label: 'address.lastName', autoComplete: 'family-name', half: true },
  { name: 'address_line_1', label: 'address.line1', autoComplete: 'address-line1' },
  { name: 'address_line_2', label: 'address.line2', autoComplete: 'address-line2' },
  { name: 'city', label: 'address.city', autoComplete: 'address-level2', half: true },
] as const;

const half = 'col-span-2 sm:col-span-1';
const full = 'col-span-2';

/**
 * The address part of a form (the address book's, the checkout's), inside a `<Form>`: country first,
 * then name and street, city, state (a list when the country has states) and postal code. `prefix`
 * is where the address sits in the form's values ('' or 'address.'). Lay it out in a two-column grid.
 */
export function AddressFields({
  prefix = '',
  countries,
  countriesLoading = false,
  withPhone = false,
  disabled = false,
}: {
  prefix?: string;
  countries: CountryOption[];
  countriesLoading?: boolean;
  withPhone?: boolean;
  disabled?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const form = useFormContext<Record<string, unknown>>();
  const path = (name: AddressField) => `${prefix}${name}`;
  const country = String(useWatch({ control: form.control, name: path('country') }) ?? '');
  const known = countries.find((c) => c.code === country);
  // A saved address may be in a country the list does not offer (any more), or the list may still be
  // loading: keep the country choosable and its states a list, so the field does not change kind.
  const chosen: CountryOption | undefined =
    known ??
    (country ? { code: country, name: countryName(country), states: [...subdivisions(country)] } : undefined);
  const options = known || !chosen ? countries : [...countries, chosen];
  const states = chosen?.states ?? [];
  const stateWords = subdivisionWords(t, subdivisionKind(country));

  const text = (spec: TextSpec, extra: Partial<ComponentProps<typeof Input>> = {}) => (
    <FormField
      key={spec.name}
      control={form.control}
      name={path(spec.name)}
      render={({ field }) => (
        <FormItem className={spec.half ? half : full}>
          <FormLabel>{spec.label}</FormLabel>
          <FormControl>
            <Input
              {...field}
              value={String(field.value ?? '')}
              type={spec.type ?? 'text'}
              autoComplete={spec.autoComplete}
              disabled={disabled}
              {...extra}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <>
      <FormField
        control={form.control}
        name={path('country')}
        render={({ field }) => (
          <FormItem className={full}>
            <FormLabel>{t('address.country')}</FormLabel>
            <FormControl>
              <NativeSelect
                className="w-full"
                autoComplete="country"
                disabled={disabled || countriesLoading}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={country}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  // The old country's state means nothing in the new one.
                  form.setValue(path('state_province'), '', { shouldDirty: true });
                }}
              >
                {options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {regionName(localeTag(locale), option.code) ?? option.name}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      {NAME_FIELDS.map((spec) => text({ ...spec, label: t(spec.label) }))}
      {states.length > 0 ? (
        <FormField
          control={form.control}
          name={path('state_province')}
          render={({ field }) => (
            <FormItem className={half}>
              <FormLabel>{stateWords.label}</FormLabel>
              <FormControl>
                <NativeSelect
                  className="w-full"
                  autoComplete="address-level1"
                  disabled={disabled}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={String(field.value ?? '')}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  <option value="" disabled>
                    {stateWords.select}
                  </option>
                  {states.map((state) => (
                    <option key={state.code} value={state.code}>
                      {state.name}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      ) : (
        text({
          name: 'state_province',
          label: stateWords.optional,
          autoComplete: 'address-level1',
          half: true,
        })
      )}
      {text({ name: 'postal_code', label: t('address.postalCode'), autoComplete: 'postal-code', half: true })}
      {withPhone
        ? text({ name: 'phone', label: t('address.phone'), autoComplete: 'tel', type: 'tel', half: true })
        : null}
    </>
  );
}

/** The grid AddressFields lays itself out in. */
export const addressGridClass = (className?: string) => cn('grid grid-cols-2 gap-4', className);

/** The state field's label, its list's prompt and its optional label in the words of `kind`'s country. */
function subdivisionWords(t: ReturnType<typeof useT>, kind: SubdivisionKind | null) {
  switch (kind) {
    case 'state':
      return {
        label: t('address.subdivision.state'),
        select: t('address.select.state'),
        optional: t('address.optional.state'),
      };
    case 'province':
      return {
        label: t('address.subdivision.province'),
        select: t('address.select.province'),
        optional: t('address.optional.province'),
      };
    case 'prefecture':
      return {
        label: t('address.subdivision.prefecture'),
        select: t('address.select.prefecture'),
        optional: t('address.optional.prefecture'),
      };
    case 'county':
      return {
        label: t('address.subdivision.county'),
        select: t('address.select.county'),
        optional: t('address.optional.county'),
      };
    default:
      return {
        label: t('address.state'),
        select: t('address.selectState'),
        optional: t('address.stateOptional'),
      };
  }
}
