import type { ShippingZone } from '@cartwheel/shared/contracts/shipping';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Form, FormError } from '@cartwheel/ui/form';
import { InputField, SwitchField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import { formErrorBanner, listMessage } from '../../../lib/form-input.ts';
import { useSaveZone, useZones } from '../api/shipping-zones.ts';
import { MethodFields } from './method-fields.tsx';
import { PlacePicker } from './place-picker.tsx';
import { emptyZone, newMethod, zoneFieldOf, zoneForm, zoneToDraft } from './zone-draft.ts';

/** Creates or edits a zone: where it ships and its methods. The contract checks everything. */
export function ZoneForm({ zone }: { zone?: ShippingZone }) {
  const navigate = useNavigate();
  const save = useSaveZone(zone?.id);
  // Rates are typed in the base currency; the server stamps it on the methods.
  const currency = useBaseCurrency();
  const schema = useMemo(() => zoneForm(currency), [currency]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: zone ? zoneToDraft(zone) : emptyZone(),
  });
  const { control, formState } = form;
  const methods = useFieldArray({ control, name: 'methods', keyName: 'key' });
  const [countries, states] = useWatch({ control, name: ['countries', 'states'] });
  const zones = useZones();
  // Countries another specific zone ships to whole: the picker names that zone beside them.
  const heldBy = useMemo(() => {
    const held = new Map<string, string>();
    for (const other of zones.data?.items ?? []) {
      if (other.id === zone?.id || other.rest_of_world) continue;
      for (const code of other.countries) {
        if (!other.states.some((s) => s.startsWith(`${code}-`))) held.set(code, other.name);
      }
    }
    return held;
  }, [zones.data, zone?.id]);
  const [formError, setFormError] = useState<string | null>(null);
  const placeError = listMessage(formState.errors.countries) ?? listMessage(formState.errors.states);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync(body);
      toast.success(zone ? 'Zone saved' : 'Zone created');
      navigate('/settings/shipping');
    } catch (error) {
      setFormError(formErrorBanner(form.setError, error, zoneFieldOf));
    }
  });

  return (
    <Form {...form}>
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
            <CardDescription>
              A name for your reference, and the countries or states it covers.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <InputField control={control} name="name" id="zone-name" label="Zone name" />
            <SwitchField
              control={control}
              name="rest_of_world"
              id="zone-rest-of-world"
              label="Rest of world"
              description="Ships to its countries only where no other zone does: a country in a specific zone ships with that zone."
            />
            <PlacePicker
              countries={countries}
              states={states}
              heldBy={heldBy}
              onChange={(places) => {
                form.setValue('countries', places.countries, { shouldDirty: true });
                form.setValue('states', places.states, { shouldDirty: true });
              }}
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
            {methods.fields.length === 0 ? (
              <p className="text-muted-foreground text-sm">
                No methods yet. Shoppers here can't check out until the zone has one.
              </p>
            ) : null}
            {methods.fields.map((method, index) => (
              <MethodFields
                key={method.key}
                control={control}
                index={index}
                onRemove={() => methods.remove(index)}
              />
            ))}
            <FormError>{listMessage(formState.errors.methods, false)}</FormError>
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              onClick={() => methods.append(newMethod(), { shouldFocus: false })}
            >
              <Plus aria-hidden="true" />
              Add shipping method
            </Button>
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
    </Form>
  );
}
