import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { dollarsToCents, formatMoney } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cartwheel/ui/tabs';
import { useState } from 'react';
import { useRefundOrder } from '../api/refund-order.ts';
import { LineQuantities } from './line-quantities.tsx';

/** A checkbox with its label. */
function CheckboxField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <span className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id}>{label}</Label>
    </span>
  );
}

const EMPTY = {
  quantities: {} as Record<string, number>,
  amount: '',
  reason: '',
  shipping: false,
  restock: true,
};

/**
 * Refund lines and quantities (optionally back to stock) or an amount, with or without the shipping,
 * and a reason. The server works out the money: each line at what the shopper paid for it.
 */
export function RefundOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [mode, setMode] = useState<'items' | 'amount'>('items');
  const [form, setForm] = useState(EMPTY);
  const refund = useRefundOrder();
  const lines = order.items.filter((line) => line.quantity > line.refunded_quantity);
  const items = lines
    .map((line) => ({ order_item_id: line.id, quantity: form.quantities[line.id] ?? 0 }))
    .filter((item) => item.quantity > 0);
  const amount = dollarsToCents(form.amount);
  const ready =
    form.reason.trim() !== '' &&
    (mode === 'items' ? items.length > 0 || form.shipping : amount > 0 || form.shipping);
  const close = (next: boolean) => {
    if (!next) setForm(EMPTY);
    onOpenChange(next);
  };

  return (
    <DialogLayout
      open={open}
      onOpenChange={close}
      className="sm:max-w-xl"
      title="Refund"
      description={`Order #${order.order_number}: up to ${formatMoney(order.refundable_amount)} can be refunded, through the payment provider.`}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={refund.isPending}>
            Close
          </Button>
          <Button type="submit" form="refund-form" disabled={!ready || refund.isPending}>
            {refund.isPending ? 'Refunding...' : 'Refund'}
          </Button>
        </>
      }
    >
      <form
        id="refund-form"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const common = { orderId: order.id, reason: form.reason, include_shipping: form.shipping };
          refund.mutate(
            mode === 'items'
              ? { ...common, ...(items.length ? { items, restock: form.restock } : {}) }
              : { ...common, ...(amount > 0 ? { amount } : {}) },
            { onSuccess: () => close(false) },
          );
        }}
      >
        <Tabs value={mode} onValueChange={(value) => setMode(value === 'amount' ? 'amount' : 'items')}>
          <TabsList>
            <TabsTrigger value="items">Items</TabsTrigger>
            <TabsTrigger value="amount">Amount</TabsTrigger>
          </TabsList>
          <TabsContent value="items" className="flex flex-col gap-3">
            <LineQuantities
              lines={lines}
              leftOf={(line) => line.quantity - line.refunded_quantity}
              unitsOf={(line, left) => Math.min(left, Math.max(0, form.quantities[line.id] ?? 0))}
              onChange={(id, n) => setForm((f) => ({ ...f, quantities: { ...f.quantities, [id]: n } }))}
              leftLabel="Refundable"
              actionLabel={{ title: 'Refund', verb: 'refund' }}
            />
            <CheckboxField
              id="refund-restock"
              label="Return the items to stock"
              checked={form.restock}
              onChange={(restock) => setForm((f) => ({ ...f, restock }))}
            />
          </TabsContent>
          <TabsContent value="amount" className="flex flex-col gap-1.5">
            <Label htmlFor="refund-amount">Amount ($)</Label>
            <Input
              id="refund-amount"
              inputMode="decimal"
              value={form.amount}
              onChange={(event) => setForm((f) => ({ ...f, amount: event.target.value }))}
            />
          </TabsContent>
        </Tabs>
        <CheckboxField
          id="refund-shipping"
          label={`Refund the shipping (${formatMoney(order.shipping_amount)})`}
          checked={form.shipping}
          onChange={(shipping) => setForm((f) => ({ ...f, shipping }))}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="refund-reason">Reason</Label>
          <Input
            id="refund-reason"
            required
            maxLength={500}
            value={form.reason}
            onChange={(event) => setForm((f) => ({ ...f, reason: event.target.value }))}
          />
        </div>
      </form>
    </DialogLayout>
  );
}
