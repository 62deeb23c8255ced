import type { TaxPlace } from '@cartwheel/shared/contracts/shipping';
import { COUNTRIES, subdivisions } from '@cartwheel/shared/countries';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Form } from '@cartwheel/ui/form';
import { InputField, NativeSelectField, SwitchField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { formErrorBanner } from '../../../lib/form-input.ts';
import { useSaveTaxPlace } from '../api/tax-places.ts';
import { newTax, taxPlaceForm, taxPlaceToDraft } from './tax-place-draft.ts';

const COUNTRY_OPTIONS: [string, string][] = [
  ['', 'Choose a country'],
  ...COUNTRIES.map((c): [string, string] => [c.code, c.name]),
];

/**
 * A country's or state's taxes: each with its name, rate and whether it taxes shipping. A state's
 * taxes replace its country's; a place with none charges its country's (or none at all).
 */
export function TaxPlaceForm({ place }: { place?: TaxPlace }) {
  const navigate = useNavigate();
  const save = useSaveTaxPlace();
  const form = useForm({ resolver: zodResolver(taxPlaceForm), defaultValues: taxPlaceToDraft(place) });
  const { control } = form;
  const rates = useFieldArray({ control, name: 'rates' });
  const country = useWatch({ control, name: 'country' });
  const [formError, setFormError] = useState<string | null>(null);
  const states = subdivisions(country);

  const onSubmit = form.handleSubmit(async ({ place: code, rates: body }) => {
    setFormError(null);
    try {
      await save.mutateAsync({ place: code, body: { rates: body } });
      toast.success('Taxes saved');
      navigate('/settings/shipping');
    } catch (error) {
      setFormError(formErrorBanner(form.setError, error));
    }
  });

  return (
    <Form {...form}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Taxes of a place">
        {formError ? (
          <p role="alert" className="rounded-md border border-destructive/50 p-3 text-destructive text-sm">
            {formError}
          </p>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Place</h2>
            </CardTitle>
            <CardDescription>
              A country, or one of its states or provinces. A state with taxes of its own charges those
              instead of its country's.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 sm:grid-cols-2">
            <NativeSelectField
              control={control}
              name="country"
              id="tax-country"
              label="Country"
              options={COUNTRY_OPTIONS}
              disabled={Boolean(place)}
            />
            {states.length ? (
              <NativeSelectField
                control={control}
                name="state"
                id="tax-state"
                label="State or province"
                options={[
                  ['', 'The whole country'],
                  ...states.map((s): [string, string] => [s.code, s.name]),
                ]}
                disabled={Boolean(place)}
              />
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Taxes</h2>
            </CardTitle>
            <CardDescription>
              Each tax is charged on the goods after discounts, and on shipping where the place taxes it.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {rates.fields.map((field, index) => (
              <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_10rem_auto_auto]">
                <InputField
                  control={control}
                  name={`rates.${index}.name`}
                  id={`tax-${index}-name`}
                  label="Tax name"
                />
                <InputField
                  control={control}
                  name={`rates.${index}.rate_bps`}
                  id={`tax-${index}-rate`}
                  label="Rate (%)"
                  inputMode="decimal"
                />
                <SwitchField
                  control={control}
                  name={`rates.${index}.taxes_shipping`}
                  id={`tax-${index}-shipping`}
                  label="Taxes shipping"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove tax ${index + 1}`}
                  onClick={() => rates.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            {rates.fields.length === 0 ? (
              <p className="text-muted-foreground text-sm">No taxes of its own: saving removes them.</p>
            ) : null}
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              onClick={() => rates.append(newTax(), { shouldFocus: true })}
            >
              <Plus aria-hidden="true" />
              Add tax
            </Button>
          </CardContent>
        </Card>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => navigate('/settings/shipping')}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save taxes'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
