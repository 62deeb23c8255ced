import type { OrderEditBody, OrderEditPreview } from '@cartwheel/shared/contracts/order-edits';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { formatMoney } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type PickedLine, ProductLinePicker, withPicked } from '../../../components/product-line-picker.tsx';
import { useCommitEdit, useEditPreview } from '../api/order-edits.ts';

/** A line on screen: what the server needs, the name staff see and the units that must stay. */
interface EditLine {
  product_id: string;
  variant_id: string | null;
  quantity: number;
  label: string;
  /** Shipped or refunded units: the quantity cannot go under them. */
  locked: number;
}

const keyOf = (l: { product_id: string | null; variant_id: string | null }) =>
  `${l.product_id ?? ''}:${l.variant_id ?? ''}`;

function initialLines(order: OrderDetail): EditLine[] {
  return order.items.flatMap((item) =>
    item.product_id
      ? [
          {
            product_id: item.product_id,
            variant_id: item.variant_id,
            quantity: item.quantity,
            label: item.variant_title ? `${item.product_name} (${item.variant_title})` : item.product_name,
            locked: item.fulfilled_quantity + item.refunded_quantity,
          },
        ]
      : [],
  );
}

/**
 * The Edit order screen: change quantities, remove lines, add products, change the shipping method;
 * the server prices every change (the summary shows the difference), then "Update order" commits it,
 * or "Send payment link" when the customer owes more.
 */
export function OrderEditScreen({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const [lines, setLines] = useState<EditLine[]>(() => initialLines(order));
  const [methodId, setMethodId] = useState<string | null>(null);
  const body: OrderEditBody = useMemo(
    () => ({
      lines: lines.map(({ product_id, variant_id, quantity }) => ({ product_id, variant_id, quantity })),
      shipping_method_id: methodId,
    }),
    [lines, methodId],
  );
  const original = useMemo(() => JSON.stringify(initialLines(order).map(keyAndQuantity)), [order]);
  const changed = methodId !== null || JSON.stringify(lines.map(keyAndQuantity)) !== original;
  const preview = useEditPreview(order.id, body, changed && lines.length > 0);
  const commit = useCommitEdit(order.id);
  const data = changed ? preview.data : undefined;

  const add = (picked: PickedLine) =>
    setLines(withPicked(lines, picked, { ...picked, quantity: 1, locked: 0 }));

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Products</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ProductLinePicker label="Add product" onAdd={add} />
            <Table aria-label="Order lines" pinEnd>
              <TableHeader>
                <TableRow>
                  <TableHead>Product</TableHead>
                  <TableHead className="w-28">Quantity</TableHead>
                  <TableHead className="w-10">
                    <span className="sr-only">Remove</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {lines.map((line, i) => (
                  <TableRow key={keyOf(line)}>
                    <TableCell className="max-w-[20rem] truncate">
                      {line.label}
                      {line.locked > 0 ? (
                        <span className="block text-muted-foreground text-xs">
                          {line.locked} shipped or refunded
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <Input
                        type="number"
                        min={Math.max(1, line.locked)}
                        max={9999}
                        aria-label={`Quantity of ${line.label}`}
                        value={line.quantity}
                        onChange={(e) => {
                          const quantity = Math.max(
                            line.locked,
                            1,
                            Math.min(9999, Number(e.target.value) || 1),
                          );
                          setLines(lines.map((l, j) => (j === i ? { ...l, quantity } : l)));
                        }}
                      />
                    </TableCell>
                    <TableCell>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${line.label}`}
                        disabled={line.locked > 0 || lines.length === 1}
                        onClick={() => setLines(lines.filter((_, j) => j !== i))}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Shipping</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <NativeSelect
              aria-label="Shipping method"
              value={methodId ?? ''}
              onChange={(e) => setMethodId(e.target.value || null)}
            >
              <option value="">Keep {order.shipping_method ?? 'no shipping'}</option>
              {(preview.data?.shipping_methods ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({formatMoney(m.amount, order.currency)})
                </option>
              ))}
            </NativeSelect>
          </CardContent>
        </Card>
      </div>
      <EditSummary
        order={order}
        preview={data}
        error={changed && preview.isError ? getErrorMessage(preview.error) : null}
        busy={commit.isPending || preview.isFetching}
        onCommit={() => commit.mutate(body, { onSuccess: onDone })}
      />
    </div>
  );
}

const keyAndQuantity = (l: EditLine) => `${keyOf(l)}×${l.quantity}`;

/** The totals before and after, the difference, and the button that commits. */
function EditSummary({
  order,
  preview,
  error,
  busy,
  onCommit,
}: {
  order: OrderDetail;
  preview: OrderEditPreview | undefined;
  error: string | null;
  busy: boolean;
  onCommit: () => void;
}) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const difference = preview?.difference ?? 0;
  return (
    <Card aria-label="Summary of changes">
      <CardHeader>
        <CardTitle>
          <h2>Summary</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <dl className="grid grid-cols-2 gap-y-1">
          <dt>Original total</dt>
          <dd className="text-right tabular-nums">{money(order.total_amount)}</dd>
          {preview ? (
            <>
              <dt>Subtotal</dt>
              <dd className="text-right tabular-nums">{money(preview.after.subtotal_amount)}</dd>
              <dt>Discounts</dt>
              <dd className="text-right tabular-nums">−{money(preview.after.discount_amount)}</dd>
              <dt>Shipping</dt>
              <dd className="text-right tabular-nums">{money(preview.after.shipping_amount)}</dd>
              <dt>Tax</dt>
              <dd className="text-right tabular-nums">{money(preview.after.tax_amount)}</dd>
              <dt className="font-medium">New total</dt>
              <dd className="text-right font-medium tabular-nums">{money(preview.after.total_amount)}</dd>
            </>
          ) : null}
        </dl>
        {error ? (
          <p role="alert" className="text-destructive">
            {error}
          </p>
        ) : preview ? (
          <p role="status" className="font-medium">
            {difference > 0
              ? `Amount due from the customer: ${money(difference)}`
              : difference < 0
                ? `Refund to the customer: ${money(-difference)}`
                : 'The total does not change'}
          </p>
        ) : (
          <p className="text-muted-foreground">Change the order to see the new total.</p>
        )}
        <Button disabled={!preview || Boolean(error) || busy} onClick={onCommit}>
          {difference > 0 ? 'Send payment link' : 'Update order'}
        </Button>
      </CardContent>
    </Card>
  );
}
