import { CARRIERS, OTHER_CARRIER } from '@cartwheel/shared/carriers';
import type { FulfilOrderBody } from '@cartwheel/shared/contracts/after-sale';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { itemCount } from '@cartwheel/shared/item-count';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useState } from 'react';
import { useFulfilOrder } from '../api/fulfil-order.ts';
import { LineQuantities } from './line-quantities.tsx';

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
  const lines = order.items.filter((line) => line.fulfillable_quantity > 0);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [carrier, setCarrier] = useState<NonNullable<FulfilOrderBody['carrier']> | ''>('');
  const [tracking, setTracking] = useState({ number: '', name: '', url: '' });
  const fulfil = useFulfilOrder();
  const reset = () => {
    setQuantities({});
    setCarrier('');
    setTracking({ number: '', name: '', url: '' });
  };
  const quantityOf = (id: string, left: number) => Math.min(left, Math.max(0, quantities[id] ?? left));
  const chosen = lines
    .map((line) => ({
      order_item_id: line.id,
      quantity: quantityOf(line.id, line.fulfillable_quantity),
    }))
    .filter((item) => item.quantity > 0);
  const units = itemCount(chosen);

  return (
    <DialogLayout
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
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
          <Button type="submit" form="fulfil-form" disabled={!units || fulfil.isPending}>
            {fulfil.isPending ? 'Fulfilling...' : `Fulfil ${plural(units, 'item')}`}
          </Button>
        </>
      }
    >
      <form
        id="fulfil-form"
        onSubmit={(event) => {
          event.preventDefault();
          const other = carrier === OTHER_CARRIER;
          fulfil.mutate(
            {
              orderId: order.id,
              items: chosen,
              ...(carrier
                ? {
                    carrier,
                    tracking_number: tracking.number,
                    ...(other ? { carrier_name: tracking.name } : {}),
                    ...(other && tracking.url ? { tracking_url: tracking.url } : {}),
                  }
                : {}),
            },
            {
              onSuccess: () => {
                reset();
                onOpenChange(false);
              },
            },
          );
        }}
      >
        <LineQuantities
          lines={lines}
          leftOf={(line) => line.fulfillable_quantity}
          unitsOf={(line, left) => quantityOf(line.id, left)}
          onChange={(id, n) => setQuantities((q) => ({ ...q, [id]: n }))}
          leftLabel="Left"
          actionLabel={{ title: 'Fulfil', verb: 'fulfil' }}
        />
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="fulfil-carrier">Carrier</Label>
            <NativeSelect
              id="fulfil-carrier"
              className="w-full"
              value={carrier}
              onChange={(event) => setCarrier(event.target.value as typeof carrier)}
            >
              <option value="">No tracking</option>
              {CARRIERS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
              <option value={OTHER_CARRIER}>Other</option>
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="fulfil-tracking">Tracking number</Label>
            <Input
              id="fulfil-tracking"
              value={tracking.number}
              required={Boolean(carrier)}
              disabled={!carrier}
              maxLength={100}
              onChange={(event) => setTracking((t) => ({ ...t, number: event.target.value }))}
            />
          </div>
          {carrier === OTHER_CARRIER ? (
            <>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="fulfil-carrier-name">Carrier name</Label>
                <Input
                  id="fulfil-carrier-name"
                  value={tracking.name}
                  required
                  maxLength={100}
                  onChange={(event) => setTracking((t) => ({ ...t, name: event.target.value }))}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="fulfil-tracking-url">Tracking link (optional)</Label>
                <Input
                  id="fulfil-tracking-url"
                  type="url"
                  placeholder="https://"
                  value={tracking.url}
                  onChange={(event) => setTracking((t) => ({ ...t, url: event.target.value }))}
                />
              </div>
            </>
          ) : null}
        </div>
      </form>
    </DialogLayout>
  );
}
