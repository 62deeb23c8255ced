import { CARRIERS, OTHER_CARRIER } from '@cartwheel/shared/carriers';
import { fulfilOrderBody } from '@cartwheel/shared/contracts/after-sale';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { itemCount } from '@cartwheel/shared/item-count';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Form, FormError } from '@cartwheel/ui/form';
import { InputField, NativeSelectField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { listMessage, setApiFieldErrors } from '../../../lib/form-input.ts';
import { useLocations } from '../../../lib/stock-locations.ts';
import { useFulfilOrder } from '../api/fulfil-order.ts';
import { LineQuantities } from './line-quantities.tsx';

type Line = OrderDetail['items'][number];

/** Units of each line to fulfil now: what is typed, between 0 and what is left (all of it untouched). */
const chosenItems = (lines: Line[], units: Record<string, number>) =>
  lines
    .map((line) => ({
      order_item_id: line.id,
      quantity: Math.min(line.fulfillable_quantity, Math.max(0, units[line.id] ?? line.fulfillable_quantity)),
    }))
    .filter((item) => item.quantity > 0);

/**
 * The dialog as filled in (`items`: units typed per line id; `carrier` "" for no tracking), checked
 * by the fulfil contract: a carrier and a tracking number go together, "Other" needs a name.
 */
const fulfilForm = (lines: Line[]) =>
  z
    .object({
      items: z.record(z.string(), z.number()),
      carrier: z.string(),
      tracking_number: z.string(),
      carrier_name: z.string(),
      tracking_url: z.string(),
      location_id: z.string(),
    })
    .transform((values): z.input<typeof fulfilOrderBody> => {
      const other = values.carrier === OTHER_CARRIER;
      return {
        items: chosenItems(lines, values.items),
        ...(values.location_id ? { location_id: values.location_id } : {}),
        ...(values.carrier
          ? {
              carrier: values.carrier as NonNullable<z.input<typeof fulfilOrderBody>>['carrier'],
              tracking_number: values.tracking_number,
              ...(other ? { carrier_name: values.carrier_name } : {}),
              ...(other && values.tracking_url ? { tracking_url: values.tracking_url } : {}),
            }
          : {}),
      };
    })
    .pipe(fulfilOrderBody);

/** No tracking, the listed carriers, then Other. */
const CARRIER_OPTIONS = [
  ['', 'No tracking'],
  ...CARRIERS.map((c) => [c.id, c.name] as const),
  [OTHER_CARRIER, 'Other'],
] as const;

const EMPTY: z.input<ReturnType<typeof fulfilForm>> = {
  items: {},
  carrier: '',
  tracking_number: '',
  carrier_name: '',
  tracking_url: '',
  location_id: '',
};

/**
 * Choose how many units of each line leave the warehouse now (all that is left, by default), the
 * carrier and the tracking number ("Other" asks for the carrier's name and, optionally, its link).
 */
export function FulfilOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Refunded units are not shipped: what is left is the server's fulfillable_quantity.
  const lines = useMemo(() => order.items.filter((line) => line.fulfillable_quantity > 0), [order]);
  const schema = useMemo(() => fulfilForm(lines), [lines]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { control } = form;
  const [units, carrier] = useWatch({ control, name: ['items', 'carrier'] });
  const fulfil = useFulfilOrder();
  const locations = useLocations();
  const locationOptions = [
    ['', 'Where its stock was taken'] as const,
    ...(locations.data?.items ?? []).filter((l) => l.active).map((l) => [l.id, l.name] as const),
  ];
  const count = itemCount(chosenItems(lines, units));

  const submit = form.handleSubmit((body) =>
    fulfil.mutate(
      { orderId: order.id, ...body },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          onOpenChange(false);
        },
        onError: (error) =>
          setApiFieldErrors(form.setError, error, (field) => field.replace(/^items\..*/, 'items')),
      },
    ),
  );

  return (
    <DialogLayout
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(EMPTY);
        onOpenChange(next);
      }}
      className="sm:max-w-xl"
      title="Fulfil items"
      description={`Order #${order.order_number}: how many of each item are leaving the warehouse now.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={fulfil.isPending}>
            Close
          </Button>
          <Button type="submit" form="fulfil-form" disabled={!count || fulfil.isPending}>
            {fulfil.isPending ? 'Fulfilling...' : `Fulfil ${plural(count, 'item')}`}
          </Button>
        </>
      }
    >
      <Form {...form}>
        <form id="fulfil-form" noValidate onSubmit={submit}>
          <LineQuantities
            lines={lines}
            leftOf={(line) => line.fulfillable_quantity}
            unitsOf={(line, left) => Math.min(left, Math.max(0, units[line.id] ?? left))}
            onChange={(id, n) => form.setValue('items', { ...units, [id]: n }, { shouldDirty: true })}
            leftLabel="Left"
            actionLabel={{ title: 'Fulfil', verb: 'fulfil' }}
          />
          <FormError>{listMessage(form.formState.errors.items)}</FormError>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <NativeSelectField
              control={control}
              name="location_id"
              id="fulfil-location"
              label="Ships from"
              itemClassName="flex flex-col gap-1.5 sm:col-span-2"
              className="w-full"
              options={locationOptions}
            />
            <NativeSelectField
              control={control}
              name="carrier"
              id="fulfil-carrier"
              label="Carrier"
              itemClassName="flex flex-col gap-1.5"
              className="w-full"
              options={CARRIER_OPTIONS}
            />
            <InputField
              control={control}
              name="tracking_number"
              id="fulfil-tracking"
              label="Tracking number"
              itemClassName="flex flex-col gap-1.5"
              required={Boolean(carrier)}
              disabled={!carrier}
              maxLength={100}
            />
            {carrier === OTHER_CARRIER ? (
              <>
                <InputField
                  control={control}
                  name="carrier_name"
                  id="fulfil-carrier-name"
                  label="Carrier name"
                  itemClassName="flex flex-col gap-1.5"
                  required
                  maxLength={100}
                />
                <InputField
                  control={control}
                  name="tracking_url"
                  id="fulfil-tracking-url"
                  label="Tracking link (optional)"
                  itemClassName="flex flex-col gap-1.5"
                  type="url"
                  placeholder="https://"
                />
              </>
            ) : null}
          </div>
        </form>
      </Form>
    </DialogLayout>
  );
}
