import { refundBody } from '@cartwheel/shared/contracts/after-sale';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { currencySymbol, formatMoney, toMinorUnits } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import {
  Form,
  FormControl,
  FormError,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cartwheel/ui/tabs';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { listMessage, setApiFieldErrors } from '../../../lib/form-input.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { LineQuantities } from './line-quantities.tsx';

type Line = OrderDetail['items'][number];

/** The lines and units typed, those with at least one unit. */
const chosenItems = (lines: Line[], units: Record<string, number>) =>
  lines
    .map((line) => ({ order_item_id: line.id, quantity: units[line.id] ?? 0 }))
    .filter((item) => item.quantity > 0);

/**
 * The dialog as filled in (`items`: units typed per line id, `amount` in the order's currency as typed), checked
 * by the refund contract: the lines (and restock) on the Items tab, the amount on the Amount tab.
 */
const refundForm = (lines: Line[], currency: string) =>
  z
    .object({
      mode: z.enum(['items', 'amount']),
      items: z.record(z.string(), z.number()),
      amount: z.string(),
      include_shipping: z.boolean(),
      reason: z.string(),
      restock: z.boolean(),
      to_store_credit: z.boolean(),
    })
    .transform((values): z.input<typeof refundBody> => {
      const common = {
        reason: values.reason,
        include_shipping: values.include_shipping,
        to_store_credit: values.to_store_credit,
      };
      if (values.mode === 'amount') {
        const amount = toMinorUnits(values.amount, currency);
        return { ...common, ...(amount > 0 ? { amount } : {}) };
      }
      const items = chosenItems(lines, values.items);
      return { ...common, ...(items.length ? { items, restock: values.restock } : {}) };
    })
    .pipe(refundBody);
type RefundValues = z.input<ReturnType<typeof refundForm>>;

const EMPTY: RefundValues = {
  mode: 'items',
  items: {},
  amount: '',
  include_shipping: false,
  reason: '',
  restock: true,
  to_store_credit: false,
};

/** A checkbox with its label. */
function CheckboxField({
  control,
  name,
  id,
  label,
}: {
  control: Control<RefundValues, unknown, unknown>;
  name: 'restock' | 'include_shipping' | 'to_store_credit';
  id: string;
  label: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id} className="flex flex-col gap-1">
          <span className="flex items-center gap-2">
            <FormControl>
              <Checkbox checked={field.value} onCheckedChange={(value) => field.onChange(value === true)} />
            </FormControl>
            <FormLabel>{label}</FormLabel>
          </span>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

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
  const lines = useMemo(() => order.items.filter((line) => line.quantity > line.refunded_quantity), [order]);
  const schema = useMemo(() => refundForm(lines, order.currency), [lines, order.currency]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { control } = form;
  const [mode, units, amountText, shipping, reason] = useWatch({
    control,
    name: ['mode', 'items', 'amount', 'include_shipping', 'reason'],
  });
  const refund = useRefundOrder();
  const ready =
    reason.trim() !== '' &&
    (mode === 'items'
      ? chosenItems(lines, units).length > 0 || shipping
      : toMinorUnits(amountText, order.currency) > 0 || shipping);
  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };
  const submit = form.handleSubmit((body) =>
    refund.mutate(
      { orderId: order.id, ...body },
      {
        onSuccess: () => close(false),
        onError: (error) =>
          setApiFieldErrors(form.setError, error, (field) => field.replace(/^items\..*/, 'items')),
      },
    ),
  );

  return (
    <DialogLayout
      open={open}
      onOpenChange={close}
      className="sm:max-w-xl"
      title="Refund"
      description={`Order #${order.order_number}: up to ${formatMoney(order.refundable_amount, order.currency)} can be refunded, through the payment provider.`}
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
      <Form {...form}>
        <form id="refund-form" className="flex flex-col gap-4" noValidate onSubmit={submit}>
          <Tabs
            value={mode}
            onValueChange={(value) => form.setValue('mode', value === 'amount' ? 'amount' : 'items')}
          >
            <TabsList>
              <TabsTrigger value="items">Items</TabsTrigger>
              <TabsTrigger value="amount">Amount</TabsTrigger>
            </TabsList>
            <TabsContent value="items" className="flex flex-col gap-3">
              <LineQuantities
                lines={lines}
                leftOf={(line) => line.quantity - line.refunded_quantity}
                unitsOf={(line, left) => Math.min(left, Math.max(0, units[line.id] ?? 0))}
                onChange={(id, n) => form.setValue('items', { ...units, [id]: n }, { shouldDirty: true })}
                leftLabel="Refundable"
                actionLabel={{ title: 'Refund', verb: 'refund' }}
              />
              <FormError>{listMessage(form.formState.errors.items)}</FormError>
              <CheckboxField
                control={control}
                name="restock"
                id="refund-restock"
                label="Return the items to stock"
              />
            </TabsContent>
            <TabsContent value="amount">
              <InputField
                control={control}
                name="amount"
                id="refund-amount"
                label={`Amount (${currencySymbol(order.currency)})`}
                itemClassName="flex flex-col gap-1.5"
                inputMode="decimal"
              />
            </TabsContent>
          </Tabs>
          <CheckboxField
            control={control}
            name="include_shipping"
            id="refund-shipping"
            label={`Refund the shipping (${formatMoney(order.shipping_amount, order.currency)})`}
          />
          {order.customer.id ? (
            <CheckboxField
              control={control}
              name="to_store_credit"
              id="refund-store-credit"
              label="Refund as store credit (to the customer's account, not the payment method)"
            />
          ) : null}
          <InputField
            control={control}
            name="reason"
            id="refund-reason"
            label="Reason"
            itemClassName="flex flex-col gap-1.5"
            required
            maxLength={500}
          />
        </form>
      </Form>
    </DialogLayout>
  );
}
