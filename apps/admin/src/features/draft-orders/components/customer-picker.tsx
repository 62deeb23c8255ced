import { COUNTRIES, subdivisions } from '@cartwheel/shared/countries';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useId, useState } from 'react';
import { useCustomerAddresses, useCustomerSearch } from '../api/draft-orders.ts';
import type { DraftForm, FormAddress } from '../draft-form.ts';

type Patch = (patch: Partial<DraftForm>) => void;

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
              <Field
                label="First name"
                value={form.first_name}
                disabled={disabled}
                onChange={(v) => onChange({ first_name: v })}
              />
              <Field
                label="Last name"
                value={form.last_name}
                disabled={disabled}
                onChange={(v) => onChange({ last_name: v })}
              />
              <Field
                label="Email"
                type="email"
                value={form.email}
                disabled={disabled}
                onChange={(v) => onChange({ email: v })}
              />
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
  const a = form.address;
  const set = (patch: Partial<FormAddress>) => onChange({ address: { ...a, ...patch } });
  const states = subdivisions(a.country);
  const field = (key: keyof FormAddress, label: string) => (
    <Field label={label} value={a[key]} disabled={disabled} onChange={(v) => set({ [key]: v })} />
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
          <SelectField
            label="Country"
            value={a.country}
            disabled={disabled}
            onChange={(country) => set({ country, state_province: '' })}
            options={COUNTRIES.map((c) => [c.code, c.name])}
          />
          {states.length ? (
            <SelectField
              label="State / Province"
              value={a.state_province}
              disabled={disabled}
              onChange={(state_province) => set({ state_province })}
              options={[['', 'Choose…'], ...states.map((s): [string, string] => [s.code, s.name])]}
            />
          ) : (
            field('state_province', 'State / Province (optional)')
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Field({
  label,
  value,
  onChange,
  disabled,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  type?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function SelectField({
  label,
  value,
  onChange,
  disabled,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  options: [string, string][];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {options.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
