import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { itemCount } from '@cartwheel/shared/item-count';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Input } from '@cartwheel/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { useState } from 'react';
import { useFulfilOrder } from '../api/fulfil-order.ts';

/** Choose how many units of each line leave the warehouse now (all that is left, by default). */
export function FulfilOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const lines = order.items.filter((line) => line.quantity > line.fulfilled_quantity);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const fulfil = useFulfilOrder();
  const quantityOf = (id: string, left: number) => Math.min(left, Math.max(0, quantities[id] ?? left));
  const chosen = lines
    .map((line) => ({
      order_item_id: line.id,
      quantity: quantityOf(line.id, line.quantity - line.fulfilled_quantity),
    }))
    .filter((item) => item.quantity > 0);
  const units = itemCount(chosen);

  return (
    <DialogLayout
      open={open}
      onOpenChange={(next) => {
        if (!next) setQuantities({});
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
          fulfil.mutate(
            { orderId: order.id, items: chosen },
            {
              onSuccess: () => {
                setQuantities({});
                onOpenChange(false);
              },
            },
          );
        }}
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Item</TableHead>
              <TableHead className="text-right">Left</TableHead>
              <TableHead className="w-24 text-right">Fulfil</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => {
              const left = line.quantity - line.fulfilled_quantity;
              return (
                <TableRow key={line.id}>
                  <TableCell className="whitespace-normal">
                    <span className="font-medium">{line.product_name}</span>
                    {line.variant_title ? (
                      <span className="block text-muted-foreground text-xs">{line.variant_title}</span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{left}</TableCell>
                  <TableCell className="text-right">
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      step={1}
                      value={quantityOf(line.id, left)}
                      aria-label={`Units of ${line.product_name} to fulfil`}
                      onChange={(event) => {
                        const n = Math.trunc(Number(event.target.value));
                        setQuantities((q) => ({ ...q, [line.id]: Number.isFinite(n) ? n : 0 }));
                      }}
                      className="h-8 text-right"
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </form>
    </DialogLayout>
  );
}
