import type { ShippingZone } from '@cartwheel/shared/contracts/shipping';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Switch } from '@cartwheel/ui/switch';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSaveZone } from '../api/shipping-zones.ts';
import { FieldError } from './field-error.tsx';
import { MethodFields } from './method-fields.tsx';
import { PlacePicker } from './place-picker.tsx';
import { draftToInput, emptyZone, newMethod, type ZoneDraft, zoneToDraft } from './zone-draft.ts';

/** Creates or edits a zone: where it ships, its methods, its tax rate. The server checks everything. */
export function ZoneForm({ zone }: { zone?: ShippingZone }) {
  const navigate = useNavigate();
  const save = useSaveZone(zone?.id);
  const [draft, setDraft] = useState<ZoneDraft>(() => (zone ? zoneToDraft(zone) : emptyZone()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<ZoneDraft>) => setDraft((d) => ({ ...d, ...patch }));
  // A field error for a country or state shows on the place picker.
  const placeError = Object.entries(errors).find(([field]) => /^(countries|states)(\.|$)/.test(field))?.[1];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      await save.mutateAsync(draftToInput(draft));
      toast.success(zone ? 'Zone saved' : 'Zone created');
      navigate('/settings/shipping');
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
      setFormError(getErrorMessage(error));
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Shipping zone">
      {formError ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-destructive text-sm">
          {formError}
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Zone</h2>
          </CardTitle>
          <CardDescription>A name for your reference, and the countries or states it covers.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="zone-name">Zone name</Label>
            <Input id="zone-name" value={draft.name} onChange={(e) => set({ name: e.target.value })} />
            <FieldError message={errors.name} />
          </div>
          <PlacePicker
            countries={draft.countries}
            states={draft.states}
            onChange={(places) => set(places)}
            error={placeError}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Shipping methods</h2>
          </CardTitle>
          <CardDescription>What shoppers in this zone choose from at checkout.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {draft.methods.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              No methods yet. Shoppers here can't check out until the zone has one.
            </p>
          ) : null}
          {draft.methods.map((method, index) => (
            <MethodFields
              key={method.id ?? `new-${index}`}
              index={index}
              method={method}
              onChange={(next) => set({ methods: draft.methods.map((m, i) => (i === index ? next : m)) })}
              onRemove={() => set({ methods: draft.methods.filter((_, i) => i !== index) })}
              errorFor={(field) => errors[`methods.${index}.${field}`]}
            />
          ))}
          <FieldError message={errors.methods} />
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            onClick={() => set({ methods: [...draft.methods, newMethod()] })}
          >
            <Plus aria-hidden="true" />
            Add shipping method
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Tax</h2>
          </CardTitle>
          <CardDescription>The tax charged on orders shipped to this zone.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="flex items-center gap-2">
            <Switch
              id="zone-tax"
              checked={draft.taxEnabled}
              onCheckedChange={(on) => set({ taxEnabled: on })}
            />
            <Label htmlFor="zone-tax">Charge tax in this zone</Label>
          </div>
          {draft.taxEnabled ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="zone-tax-name">Tax name</Label>
                <Input
                  id="zone-tax-name"
                  value={draft.taxName}
                  onChange={(e) => set({ taxName: e.target.value })}
                />
                <FieldError message={errors['tax.name']} />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="zone-tax-rate">Tax rate (%)</Label>
                <Input
                  id="zone-tax-rate"
                  inputMode="decimal"
                  value={draft.taxRate}
                  onChange={(e) => set({ taxRate: e.target.value })}
                />
                <FieldError message={errors['tax.rate_bps'] ?? errors.tax} />
              </div>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => navigate('/settings/shipping')}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save zone'}
        </Button>
      </div>
    </form>
  );
}
