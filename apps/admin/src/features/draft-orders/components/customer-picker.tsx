import { COUNTRIES, subdivisions } from '@cartwheel/shared/countries';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { InputField, NativeSelectField } from '@cartwheel/ui/input-field';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useCustomerAddresses, useCustomerSearch } from '../api/draft-orders.ts';
import type { DraftForm, FormAddress } from '../draft-form.ts';

type Patch = (patch: Partial<DraftForm>) => void;

const COUNTRY_OPTIONS = COUNTRIES.map((c) => [c.code, c.name] as const);

/** Customer: an account found by search, or a new one by name and email. */
export function CustomerPicker({
  form,
  onChange,
  disabled,
}: {
  form: DraftForm;
  onChange: Patch;
  disabled: boolean;
}) {
  const [q, setQ] = useState('');
  const search = useCustomerSearch(useDebounced(q, 250));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Customer</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {form.customer_id ? (
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 truncate" data-testid="draft-customer">
              {form.customer_label}
            </span>
            {disabled ? null : (
              <Button
                variant="outline"
                size="sm"
                onClick={() => onChange({ customer_id: null, customer_label: null, email: '' })}
              >
                Remove
              </Button>
            )}
          </div>
        ) : (
          <>
            {disabled ? null : (
              <>
                <Input
                  type="search"
                  aria-label="Search customers"
                  placeholder="Search customers by name or email"
                  value={q}
                  onChange={(e) => setQ(e.target.value)}
                />
                {q.trim() && search.data ? (
                  <ul className="flex flex-col divide-y rounded-md border" aria-label="Customer results">
                    {search.data.items.length === 0 ? (
                      <li className="p-2 text-muted-foreground text-sm">No customers found.</li>
                    ) : (
                      search.data.items.map((c) => (
                        <li key={c.id}>
                          <button
                            type="button"
                            className="w-full truncate p-2 text-left text-sm hover:bg-muted"
                            onClick={() => {
                              setQ('');
                              onChange({
                                customer_id: c.id,
                                customer_label: `${c.name || c.email} · ${c.email}`,
                                email: c.email,
                                first_name: c.first_name,
                                last_name: c.last_name,
                              });
                            }}
                          >
                            {c.name || c.email} <span className="text-muted-foreground">· {c.email}</span>
                          </button>
                        </li>
                      ))
                    )}
                  </ul>
                ) : null}
                <p className="text-muted-foreground text-sm">Or a new customer:</p>
              </>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              <Field name="first_name" label="First name" disabled={disabled} />
              <Field name="last_name" label="Last name" disabled={disabled} />
              <Field name="email" label="Email" type="email" disabled={disabled} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Shipping address: one of the customer's saved addresses copied in, or typed. */
export function AddressPicker({
  form,
  onChange,
  disabled,
}: {
  form: DraftForm;
  onChange: Patch;
  disabled: boolean;
}) {
  const saved = useCustomerAddresses(form.customer_id);
  const { control } = useFormContext<DraftForm>();
  const a = form.shipping_address;
  const set = (patch: Partial<FormAddress>) => onChange({ shipping_address: { ...a, ...patch } });
  const states = subdivisions(a.country);
  const field = (key: keyof FormAddress, label: string) => (
    <Field name={`shipping_address.${key}`} label={label} disabled={disabled} />
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Shipping address</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!disabled && saved.data?.items.length ? (
          <NativeSelect
            aria-label="Saved addresses"
            value=""
            onChange={(e) => {
              const s = saved.data.items.find((x) => x.id === e.target.value);
              if (!s) return;
              set({
                first_name: s.first_name,
                last_name: s.last_name,
                address_line_1: s.address_line_1,
                address_line_2: s.address_line_2 ?? '',
                city: s.city,
                state_province: s.state_province ?? '',
                postal_code: s.postal_code,
                country: s.country,
                phone: s.phone ?? '',
              });
            }}
          >
            <option value="">Use a saved address…</option>
            {saved.data.items.map((s) => (
              <option key={s.id} value={s.id}>
                {s.address_line_1}, {s.city} {s.postal_code}
              </option>
            ))}
          </NativeSelect>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {field('first_name', 'Address first name')}
          {field('last_name', 'Address last name')}
          {field('address_line_1', 'Address')}
          {field('address_line_2', 'Apartment, suite (optional)')}
          {field('city', 'City')}
          {field('postal_code', 'Postal code')}
          <NativeSelectField
            control={control}
            name="shipping_address.country"
            label="Country"
            itemClassName="flex flex-col gap-1.5"
            disabled={disabled}
            // Another country's states are not this one's.
            onChange={(e) => set({ country: e.target.value, state_province: '' })}
            options={COUNTRY_OPTIONS}
          />
          {states.length ? (
            <NativeSelectField
              control={control}
              name="shipping_address.state_province"
              label="State / Province"
              itemClassName="flex flex-col gap-1.5"
              disabled={disabled}
              options={[['', 'Choose…'], ...states.map((s) => [s.code, s.name] as const)]}
            />
          ) : (
            field('state_province', 'State / Province (optional)')
          )}
        </div>
      </CardContent>
    </Card>
  );
}

type TextPath = 'first_name' | 'last_name' | 'email' | `shipping_address.${keyof FormAddress}`;

/** A text field of the draft, with its message (the form is the `<Form>` around it). */
function Field({
  name,
  label,
  disabled,
  type = 'text',
}: {
  name: TextPath;
  label: string;
  disabled: boolean;
  type?: string;
}) {
  const { control } = useFormContext<DraftForm>();
  return (
    <InputField
      control={control}
      name={name}
      label={label}
      type={type}
      disabled={disabled}
      itemClassName="flex flex-col gap-1.5"
    />
  );
}
