import {
  LOCATION_KINDS,
  type LocationKind,
  type StockLocation,
  stockLocationInput,
} from '@cartwheel/shared/contracts/locations';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Form } from '@cartwheel/ui/form';
import { InputField, NativeSelectField, SwitchField } from '@cartwheel/ui/input-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { setApiFieldErrors } from '../../../lib/form-input.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useSaveLocation } from '../api/locations.ts';

export const KIND_LABELS: Record<LocationKind, string> = {
  warehouse: 'Warehouse',
  shop: 'Shop',
  pop_up: 'Pop-up',
};

const text = (v: string) => (v.trim() ? v : null);
const locationForm = z
  .object({
    name: z.string(),
    kind: z.enum(LOCATION_KINDS),
    address_line_1: z.string(),
    address_line_2: z.string(),
    city: z.string(),
    state_province: z.string(),
    postal_code: z.string(),
    country: z.string(),
    serves_online: z.boolean(),
    active: z.boolean(),
  })
  .transform((v) => ({
    ...v,
    address_line_1: text(v.address_line_1),
    address_line_2: text(v.address_line_2),
    city: text(v.city),
    state_province: text(v.state_province),
    postal_code: text(v.postal_code),
    country: text(v.country),
  }))
  .pipe(stockLocationInput);

const EMPTY = {
  name: '',
  kind: 'shop' as LocationKind,
  address_line_1: '',
  address_line_2: '',
  city: '',
  state_province: '',
  postal_code: '',
  country: '',
  serves_online: true,
  active: true,
};

const place = (l: StockLocation) => [l.city, l.country].filter(Boolean).join(', ') || 'No address';

/** Settings → Locations: where stock is kept, with a form to add or change one. */
export function LocationsScreen({ locations }: { locations: StockLocation[] }) {
  const can = useCan();
  const manage = can('locations.manage');
  const save = useSaveLocation();
  const [editing, setEditing] = useState<StockLocation | null>(null);
  const form = useForm({ resolver: zodResolver(locationForm), defaultValues: EMPTY });
  const edit = (l: StockLocation) => {
    setEditing(l);
    form.reset({
      name: l.name,
      kind: l.kind,
      address_line_1: l.address_line_1 ?? '',
      address_line_2: l.address_line_2 ?? '',
      city: l.city ?? '',
      state_province: l.state_province ?? '',
      postal_code: l.postal_code ?? '',
      country: l.country ?? '',
      serves_online: l.serves_online,
      active: l.active,
    });
  };
  const reset = () => {
    setEditing(null);
    form.reset(EMPTY);
  };
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: () => {
          toast.success(editing ? 'Location saved' : 'Location created');
          reset();
        },
        onError: (error) => {
          setApiFieldErrors(form.setError, error);
          toast.error(`Failed to save the location: ${getErrorMessage(error)}`);
        },
      },
    ),
  );
  return (
    <>
      <Card>
        <CardContent className="pt-6">
          <Table aria-label="Locations" pinEnd>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>Address</TableHead>
                <TableHead>Online orders</TableHead>
                <TableHead className="text-right">On hand</TableHead>
                <TableHead className="text-right">Incoming</TableHead>
                {manage ? (
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {locations.map((l) => (
                <TableRow key={l.id}>
                  <TableCell className="font-medium">
                    {l.name} {l.is_default ? <Badge variant="secondary">Default</Badge> : null}{' '}
                    {l.active ? null : <Badge variant="outline">Inactive</Badge>}
                  </TableCell>
                  <TableCell>{KIND_LABELS[l.kind]}</TableCell>
                  <TableCell>{place(l)}</TableCell>
                  <TableCell>{l.serves_online ? 'Sells online' : 'Not online'}</TableCell>
                  <TableCell className="text-right tabular-nums">{l.on_hand}</TableCell>
                  <TableCell className="text-right tabular-nums">{l.incoming}</TableCell>
                  {manage ? (
                    <TableCell className="text-right">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => edit(l)}
                        aria-label={`Edit ${l.name}`}
                      >
                        Edit
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {manage ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{editing ? `Edit ${editing.name}` : 'Add a location'}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <Form {...form}>
              <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" noValidate>
                <InputField control={form.control} name="name" id="location-name" label="Name" />
                <NativeSelectField
                  control={form.control}
                  name="kind"
                  id="location-kind"
                  label="Kind"
                  options={LOCATION_KINDS.map((k) => [k, KIND_LABELS[k]] as const)}
                />
                <InputField
                  control={form.control}
                  name="address_line_1"
                  id="location-address"
                  label="Address"
                />
                <InputField
                  control={form.control}
                  name="address_line_2"
                  id="location-address-2"
                  label="Apartment, suite, etc. (optional)"
                />
                <InputField control={form.control} name="city" id="location-city" label="City" />
                <InputField
                  control={form.control}
                  name="state_province"
                  id="location-state"
                  label="State or province"
                />
                <InputField
                  control={form.control}
                  name="postal_code"
                  id="location-postal"
                  label="Postal code"
                />
                <InputField
                  control={form.control}
                  name="country"
                  id="location-country"
                  label="Country (two-letter code)"
                  maxLength={2}
                />
                <SwitchField
                  control={form.control}
                  name="serves_online"
                  id="location-online"
                  label="Serves online orders"
                  description="Its stock counts in what the online store sells."
                  disabled={editing?.is_default}
                />
                <SwitchField
                  control={form.control}
                  name="active"
                  id="location-active"
                  label="Active"
                  disabled={editing?.is_default}
                />
                <div className="flex gap-2 md:col-span-2">
                  <Button type="submit" disabled={save.isPending}>
                    {save.isPending ? 'Saving...' : editing ? 'Save location' : 'Add location'}
                  </Button>
                  {editing ? (
                    <Button type="button" variant="ghost" onClick={reset}>
                      Cancel
                    </Button>
                  ) : null}
                </div>
              </form>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
