import {
  type StockLocation,
  type StockTransfer,
  stockTransferInput,
  type TRANSFER_STATUSES,
} from '@cartwheel/shared/contracts/locations';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Form } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { InputField, NativeSelectField } from '@cartwheel/ui/input-field';
import { Label } from '@cartwheel/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { setApiFieldErrors } from '../../../lib/form-input.ts';
import { useCan } from '../../../lib/use-can.ts';
import {
  useCreateTransfer,
  useProductStock,
  useStockProductSearch,
  useTransferStep,
} from '../api/locations.ts';

const STATUS_LABELS: Record<(typeof TRANSFER_STATUSES)[number], string> = {
  draft: 'Draft',
  in_transit: 'In transit',
  received: 'Received',
  cancelled: 'Cancelled',
};

type Line = { product_id: string; variant_id: string | null; label: string; quantity: number };

/** Transfers: the list with each one's next step, and a form to make one. */
export function TransfersScreen({
  transfers,
  locations,
}: {
  transfers: StockTransfer[];
  locations: StockLocation[];
}) {
  const can = useCan();
  const step = useTransferStep();
  const act = (t: StockTransfer, next: 'send' | 'receive' | 'cancel') =>
    step.mutate(
      { id: t.id, step: next },
      {
        onSuccess: () =>
          toast.success(
            next === 'send'
              ? 'Transfer sent'
              : next === 'receive'
                ? 'Transfer received'
                : 'Transfer cancelled',
          ),
        onError: (error) => toast.error(`Failed to update the transfer: ${getErrorMessage(error)}`),
      },
    );
  const moves = can('stock.transfer');
  return (
    <>
      {moves ? <NewTransfer locations={locations.filter((l) => l.active)} /> : null}
      <Card>
        <CardContent className="pt-6">
          {transfers.length === 0 ? (
            <p className="text-muted-foreground text-sm">No transfers yet.</p>
          ) : (
            <Table aria-label="Transfers" pinEnd>
              <TableHeader>
                <TableRow>
                  <TableHead>From</TableHead>
                  <TableHead>To</TableHead>
                  <TableHead>Items</TableHead>
                  <TableHead>Status</TableHead>
                  {moves ? (
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  ) : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {transfers.map((t) => (
                  <TableRow key={t.id}>
                    <TableCell>{t.origin_name}</TableCell>
                    <TableCell>{t.destination_name}</TableCell>
                    <TableCell className="min-w-48 whitespace-normal">
                      {t.lines.map((l) => `${l.label} × ${l.quantity}`).join(', ')}
                    </TableCell>
                    <TableCell>
                      <Badge variant={t.status === 'received' ? 'default' : 'secondary'}>
                        {STATUS_LABELS[t.status]}
                      </Badge>
                    </TableCell>
                    {moves ? (
                      <TableCell>
                        <div className="flex flex-col items-end gap-2 lg:flex-row lg:justify-end">
                          {t.status === 'draft' ? (
                            <Button size="sm" disabled={step.isPending} onClick={() => act(t, 'send')}>
                              Send
                            </Button>
                          ) : null}
                          {t.status === 'in_transit' ? (
                            <Button size="sm" disabled={step.isPending} onClick={() => act(t, 'receive')}>
                              Receive
                            </Button>
                          ) : null}
                          {t.status === 'draft' || t.status === 'in_transit' ? (
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={step.isPending}
                              onClick={() => act(t, 'cancel')}
                            >
                              Cancel transfer
                            </Button>
                          ) : null}
                        </div>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
}

const transferForm = z.object({ origin_id: z.string(), destination_id: z.string(), note: z.string() });

function NewTransfer({ locations }: { locations: StockLocation[] }) {
  const create = useCreateTransfer();
  const [lines, setLines] = useState<Line[]>([]);
  const form = useForm({
    resolver: zodResolver(transferForm),
    defaultValues: { origin_id: locations[0]?.id ?? '', destination_id: locations[1]?.id ?? '', note: '' },
  });
  const options = locations.map((l) => [l.id, l.name] as const);
  const submit = form.handleSubmit((values) => {
    const parsed = stockTransferInput.safeParse({
      ...values,
      note: values.note.trim() || null,
      lines: lines.map(({ label, ...line }) => line),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'origin_id' || field === 'destination_id' || field === 'note') {
          form.setError(field, { message: issue.message });
        } else toast.error(issue.message);
      }
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Transfer created');
        setLines([]);
        form.reset({ ...values, note: '' });
      },
      onError: (error) => {
        setApiFieldErrors(form.setError, error);
        toast.error(`Failed to create the transfer: ${getErrorMessage(error)}`);
      },
    });
  });
  const add = (line: Line) =>
    setLines((all) => [
      ...all.filter((l) => (l.variant_id ?? l.product_id) !== (line.variant_id ?? line.product_id)),
      line,
    ]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>New transfer</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Form {...form}>
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <div className="grid gap-4 md:grid-cols-3">
              <NativeSelectField
                control={form.control}
                name="origin_id"
                id="transfer-origin"
                label="From"
                options={options}
              />
              <NativeSelectField
                control={form.control}
                name="destination_id"
                id="transfer-destination"
                label="To"
                options={options}
              />
              <InputField control={form.control} name="note" id="transfer-note" label="Note (optional)" />
            </div>
            <ItemPicker onAdd={add} />
            {lines.length ? (
              <ul aria-label="Items to transfer" className="flex flex-col gap-1 text-sm">
                {lines.map((l) => (
                  <li key={l.variant_id ?? l.product_id} className="flex items-center gap-2">
                    <span>
                      {l.label} × {l.quantity}
                    </span>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${l.label}`}
                      onClick={() => setLines((all) => all.filter((x) => x !== l))}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground text-sm">Add the items to move.</p>
            )}
            <div>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create transfer'}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Finds a product by name or SKU and adds a quantity of one of its items. */
function ItemPicker({ onAdd }: { onAdd: (line: Line) => void }) {
  const [q, setQ] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const found = useStockProductSearch(q);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="transfer-search">Find a product</Label>
      <Input
        id="transfer-search"
        value={q}
        placeholder="Name or SKU"
        onChange={(e) => {
          setQ(e.target.value);
          setProductId(null);
        }}
      />
      {q && !productId ? (
        <ul aria-label="Products found" className="flex flex-wrap gap-2">
          {(found.data?.items ?? []).map((p) => (
            <li key={p.id}>
              <Button type="button" size="sm" variant="outline" onClick={() => setProductId(p.id)}>
                {p.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {productId ? <ProductItems productId={productId} onAdd={onAdd} /> : null}
    </div>
  );
}

function ProductItems({ productId, onAdd }: { productId: string; onAdd: (line: Line) => void }) {
  const stock = useProductStock(productId);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  if (!stock.data) return null;
  return (
    <ul aria-label="Items of the product" className="flex flex-col gap-2">
      {stock.data.items.map((item) => {
        const key = item.variant_id ?? item.product_id;
        const quantity = Number(quantities[key] ?? '1');
        return (
          <li key={key} className="flex items-center gap-2 text-sm">
            <span className="min-w-48">{item.label}</span>
            <Input
              aria-label={`Quantity of ${item.label}`}
              className="w-24"
              inputMode="numeric"
              value={quantities[key] ?? '1'}
              onChange={(e) => setQuantities((all) => ({ ...all, [key]: e.target.value }))}
            />
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={!Number.isInteger(quantity) || quantity < 1}
              onClick={() =>
                onAdd({
                  product_id: item.product_id,
                  variant_id: item.variant_id,
                  label: item.label,
                  quantity,
                })
              }
            >
              Add {item.label}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
